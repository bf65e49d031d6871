/**
 * Login with another app's account (cross-app), client half. On a requester's page: a landing row per
 * provider app ('Continue with {app}') and {@link loginWithCrossAppAccount}; the provider's page opens
 * in a popup and answers through the OAuth plugin's `privy:<provider app id>` provider. On a provider's
 * page: the consent screen for a requester's authorization request. Needs `oauthServer({ sources: [crossAppOAuthSource()] })` beside `crossAppServer()` on the server.
 * @module
 */
import { definePlugin, type LoginMethodDefinition, type ScreenDefinition } from '../../kernel/plugin'
import { crossAppRoutes } from './api'
import { CROSS_APP_ERRORS } from './errors'
import { crossAppMessages } from './messages/en'
import { START_SLOTS } from './client/slots'
import { crossAppWalletsOf, readTransactRequest } from './client/transact'
import type { CrossAppWalletListing } from './client/listing'
import {
  CROSS_APP_SCREENS,
  handlePopupReturn,
  initialCrossAppState,
  loadConnections,
  readConsentRequest,
  type CrossAppState,
} from './client/flow'

export { CROSS_APP_ERRORS, type CrossAppErrorCode } from './errors'
export { crossAppMessages, type CrossAppMessageKey } from './messages/en'
export { crossAppRoutes, CROSS_APP_STATE_PARAM, CROSS_APP_ACCOUNT_TYPE } from './api'
export { START_SLOTS } from './client/slots'
export {
  useLoginWithCrossAppAccount,
  useLinkCrossAppAccount,
  useUnlinkCrossAppAccount,
  type UseLoginWithCrossAppAccountResult,
  type UseLinkCrossAppAccountResult,
  type UseUnlinkCrossAppAccountResult,
} from './react'
export {
  loginWithCrossAppAccount,
  loadConnections,
  focusPopup,
  cancelCrossApp,
  handlePopupReturn,
  readConsentRequest,
  clearConsentRequest,
  crossAppTokenKey,
  initialCrossAppState,
  CROSS_APP_SCREENS,
  CROSS_APP_MESSAGES,
  PENDING_REQUEST_KEY,
  type CrossAppState,
  type CrossAppProvider,
  type ConsentRequest,
  type CrossAppLoginOptions,
} from './client/flow'
export { CROSS_APP_TIMEOUT_MS, POPUP_POLL_MS, POPUP_CLOSE_GRACE_MS, POPUP_SIZE } from './client/popup'
export {
  sendCrossAppRequest,
  createCrossAppEthereumProvider,
  createCrossAppSolanaWallet,
  crossAppWalletsOf,
  readTransactRequest,
  clearTransactRequest,
  CrossAppRequestError,
  CROSS_APP_ACTION_MESSAGES,
  CROSS_APP_METHODS,
  CROSS_APP_ETHEREUM_METHODS,
  CROSS_APP_SOLANA_METHODS,
  TRANSACT_PARAM,
  PENDING_TRANSACT_KEY,
  type CrossAppWallet,
  type CrossAppMethod,
  type CrossAppRequestOptions,
  type CrossAppEthereumProvider,
  type CrossAppSolanaWallet,
  type TransactPayload,
} from './client/transact'
export { useCrossAppWallets, type UseCrossAppWalletsResult } from './react'

/** Options of the {@link crossApp} plugin. */
export interface CrossAppOptions {
  /**
   * Provider app ids to offer on the landing, in order (each shows only when the server allows the
   * connection). @defaultValue every provider app of this app's `connections`
   */
  providers?: readonly string[]
  /**
   * How long a popup (a login, or a request to a provider app's wallet) is waited for before it ends
   * as 'Request timeout'. @defaultValue 120000 (spec 02 §9)
   */
  timeoutMs?: number
}

/**
 * A mark on the app configuration that the landing's rows depend on. The landing redraws only when
 * what it read of the configuration (a snapshot) changes, not on this plugin's slice; reading this
 * mark while listing the rows, and moving it once the connections arrive, makes a landing already
 * on screen draw them.
 */
const REDRAW_MARK = 'crossAppConnectionsLoaded'

function redrawLanding(config: object | null): void {
  if (config) (config as Record<string, unknown>)[REDRAW_MARK] = true
}

const load = (name: string) => () => import('./screens/Connecting').then((m) => ({ default: (m as Record<string, unknown>)[name] }))

/**
 * The cross-app login plugin.
 * @param options - see {@link CrossAppOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { oauth } from 'portico/plugins/oauth'
 * import { crossApp } from 'portico/plugins/cross-app'
 * <PorticoProvider appId="..." plugins={[oauth(), crossApp({ providers: ['clprovider00000000000000000'] })]}>...</PorticoProvider>
 * ```
 */
export const crossApp = (options: CrossAppOptions = {}) => {
  const providers = options.providers ? [...new Set(options.providers)] : undefined
  const timeoutMs = options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs) && options.timeoutMs > 0 ? options.timeoutMs : undefined
  const screens: Record<string, ScreenDefinition> = {
    connecting: { load: load('default') },
    consent: { load: () => import('./screens/Consent') },
  }
  for (let k = 0; k < START_SLOTS; k++) {
    screens[`start-${k}`] = { load: () => import('./screens/Connecting').then((m) => ({ default: m.startScreen(k, providers) })) }
  }

  return definePlugin<'cross-app', CrossAppState>({
    id: 'cross-app',
    kind: 'login',
    api: crossAppRoutes,
    screens,
    errors: CROSS_APP_ERRORS,
    messages: crossAppMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    initialState: () => ({ ...initialCrossAppState(), ...(timeoutMs ? { timeoutMs } : {}) }),
    setup(ctx) {
      // The popup's return page only answers its opener.
      if (handlePopupReturn()) return undefined
      const s = ctx.state
      const untaps: (() => void)[] = []
      // Whether a landing was drawn before the connections were known (its rows are then stale).
      let drawnWithoutConnections = false
      untaps.push(
        ctx.hooks.resolveLoginMethods.tap('cross-app', (methods, config) => {
          void (config as unknown as Record<string, unknown>)[REDRAW_MARK]
          if (s.connections === null) drawnWithoutConnections = true
          const known = s.connections ?? []
          const ids = providers
            ? providers.filter((id) => s.connections === null || known.some((c) => c.id === id))
            : known.map((c) => c.id)
          const rows: LoginMethodDefinition[] = ids.slice(0, START_SLOTS).map((id, k) => {
            const c = known.find((x) => x.id === id)
            return {
              id: `privy:${id}`,
              group: 'web2',
              // A provider not known yet is 'another app', resolved where the row is drawn (in the locale of then).
              label: c ? { key: 'CROSS_APP_METHOD_LABEL', values: { app: c.name } } : 'CROSS_APP_METHOD_LABEL_OTHER_APP',
              enabledBy: [],
              screen: `cross-app/start-${k}`,
              ...(c?.iconUrl ? { icon: c.iconUrl } : {}),
            }
          })
          return [...methods.filter((m) => !m.id.startsWith('privy:')), ...rows]
        }),
      )
      // Requester side: the wallets of the user's provider accounts join the connected wallets
      // (`useWallets()`) when the wallets plugin is in use; the listing loads with the first one.
      let listing: Promise<CrossAppWalletListing | null> | null = null
      untaps.push(
        ctx.hooks.sessionChanged.tap('cross-app', () => {
          if (!listing && crossAppWalletsOf(ctx.session().user).length === 0) return
          listing ??= import('./client/listing').then((m) => m.listCrossAppWallets(ctx))
          void listing.then((l) => l?.sync()).catch((err: unknown) => console.warn('Portico: could not list the cross-app wallets', err))
        }),
        () => void listing?.then((l) => l?.destroy()),
      )
      // Provider side: a requester's request to the user's wallet, answered once signed in.
      const transact = readTransactRequest()
      if (transact) {
        let answered = false
        const answer = () => {
          if (answered) return
          answered = true
          void import('./client/transact-page').then((m) => m.answerTransactRequest(ctx, transact))
        }
        untaps.push(
          ctx.hooks.afterAuthenticate.tap('cross-app', () => {
            setTimeout(answer, 0)
            return undefined
          }),
        )
        void ctx.ready().then(() => {
          if (ctx.session().status === 'authenticated') answer()
          else ctx.navigate('portico/landing')
        })
      }
      // Provider side: a requester's authorization request in the address.
      const request = readConsentRequest(ctx)
      if (request) {
        untaps.push(
          // Signed in through the landing: the consent follows as a post-login step.
          ctx.hooks.afterAuthenticate.tap('cross-app', () => (s.request ? { screen: CROSS_APP_SCREENS.consent } : undefined)),
        )
      }
      const onConfig = () => {
        void loadConnections(ctx)
          .catch(() => {
            s.connections = []
          })
          .then(() => {
            if (drawnWithoutConnections) redrawLanding(ctx.config())
          })
        if (!request) return
        void (async () => {
          const until = Date.now() + 15_000
          while (ctx.session().status === 'loading' && Date.now() < until) await new Promise((r) => setTimeout(r, 25))
          ctx.navigate(ctx.session().status === 'authenticated' ? CROSS_APP_SCREENS.consent : 'portico/landing')
        })()
      }
      if (ctx.config()) queueMicrotask(onConfig)
      else untaps.push(ctx.hooks.configLoaded.tap('cross-app', onConfig))
      return () => untaps.forEach((u) => u())
    },
  })
}
