/**
 * The Solana connector: lists the Solana wallets of this browser through the Wallet Standard and
 * builds a connector for each, plus Phantom's interstitial and install screens for visitors without
 * Phantom. `@wallet-standard/app` loads with a dynamic import, after the page's first paint.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { definePlugin } from '../../kernel/plugin'
import type { ConnectorEntry, ConnectorSource, WalletConnector } from '../wallets'
import { SOLANA_ERRORS } from './errors'
import { solanaMessages } from './messages/en'
import { wallets, walletsOf } from '../wallets'

export { SOLANA_ERRORS, type SolanaErrorCode } from './errors'
export { solanaMessages, type SolanaMessageKey } from './messages/en'
export type { AccountKeysInstruction, SignatureWait, SolanaPoll, SolanaRpcCall, StandardWalletSend } from './send'

/**
 * Loads the Solana sending piece (`./send`, with `@solana/kit`) in its own chunk: a transaction
 * built from instructions, signed and sent by a Wallet Standard wallet
 * (`sendWithStandardWallet`), and the wait for the cluster's confirmation (`waitForSignature`).
 * Other plugins call it when they send, so a page that never sends on Solana never loads it.
 * @returns the module.
 * @example
 * ```ts
 * import { loadSolanaSend } from 'portico/plugins/solana'
 * const { sendWithStandardWallet, waitForSignature } = await loadSolanaSend()
 * const signature = await sendWithStandardWallet(wallet, { rpc, from, cluster: 'devnet', instructions, fail })
 * await waitForSignature({ rpc, signature, poll, fail })
 * ```
 */
export const loadSolanaSend = () => import('./send')

/** Options of the {@link solana} plugin. */
export interface SolanaOptions {
  /**
   * Offer a Phantom entry when Phantom is not installed (it opens the interstitial on phones and the
   * install screen elsewhere).
   * @defaultValue true
   */
  phantomWhenMissing?: boolean
}

const PHANTOM_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ab9ff2"/>' +
      '<path d="M6 19.6C6 12.6 10.6 7 16.6 7 22.4 7 26 11.7 26 17.1c0 5.6-4.3 8.9-8.5 8.9-1.4 0-2.1-1-2.7-1.9-.6.9-1.5 1.9-2.9 1.9-1.4 0-2.2-1-2.9-2-.6.6-1.3 1.1-2 1.1C6 25.1 6 21.8 6 19.6Z" fill="#fff"/></svg>',
  )

const isPhone = () => typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod/i.test(navigator.userAgent)

const phantom = { load: () => import('./screens/PhantomInterstitial') }
const installPhantom = { load: () => import('./screens/InstallPhantom') }

/**
 * The Solana connector plugin (Wallet Standard wallets: Phantom, Solflare, Backpack...). Pair it with
 * the `siws` plugin to sign in with them.
 * @param options - see {@link SolanaOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { solana } from 'portico/plugins/solana'
 * import { siws } from 'portico/plugins/siws'
 * <PorticoProvider appId="..." plugins={[solana(), siws()]}>...</PorticoProvider>
 * ```
 */
export const solana = (options: SolanaOptions = {}) =>
  definePlugin({
    id: 'solana',
    kind: 'connector',
    screens: { phantom, 'install-phantom': installPhantom },
    errors: SOLANA_ERRORS,
    messages: solanaMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    requires: [wallets()],
    setup(ctx) {
      let discovered: ConnectorEntry[] = []
      const subscribers = new Set<() => void>()
      let stop: (() => void) | undefined
      let destroyed = false

      const missingPhantom = (): ConnectorEntry => {
        const screen = isPhone() ? 'solana/phantom' : 'solana/install-phantom'
        return {
          id: 'solana:phantom',
          chainType: 'solana',
          connectorType: 'solana_adapter',
          walletClientType: 'phantom',
          branding: { name: 'Phantom', icon: PHANTOM_ICON, id: 'phantom' },
          installed: false,
          screen,
          // For lists that call load() anyway: the screen takes the connecting screen's place (so
          // back returns to the list), and this attempt ends quietly.
          async load(): Promise<WalletConnector> {
            ctx.navigate(screen, {}, { replace: true })
            throw new PorticoError('Phantom is not installed.', { code: 'exited_auth_flow' })
          },
        }
      }

      const source: ConnectorSource = {
        entries() {
          if (options.phantomWhenMissing === false || discovered.some((e) => e.walletClientType === 'phantom')) {
            return discovered
          }
          return [...discovered, missingPhantom()]
        },
        subscribe(onChange) {
          subscribers.add(onChange)
          return () => subscribers.delete(onChange)
        },
      }

      if (typeof window !== 'undefined') {
        void import('./standard').then((m) => {
          if (destroyed) return
          const connectors = new WeakMap<object, WalletConnector>()
          const refresh = () => {
            discovered = watch.wallets().map((wallet) => {
              const clientType = m.walletClientTypeOf(wallet.name)
              return {
                id: `solana:${clientType}`,
                chainType: 'solana',
                connectorType: 'solana_adapter',
                walletClientType: clientType,
                branding: { name: wallet.name, icon: wallet.icon, id: clientType },
                installed: true,
                async load() {
                  // One connector per wallet, so its event subscriptions are not doubled by reconnects.
                  let c = connectors.get(wallet)
                  if (!c) connectors.set(wallet, (c = m.createStandardConnector(wallet)))
                  return c
                },
              }
            })
            subscribers.forEach((f) => f())
          }
          const watch = m.watchStandardWallets(refresh)
          stop = watch.stop
          refresh()
        })
      }

      const remove = walletsOf(ctx).addSource(source)
      return () => {
        destroyed = true
        stop?.()
        remove()
      }
    },
  })
