/**
 * The connecting screen (`wallets/connect`), the spec's 'awaiting wallet connection' and
 * 'awaiting connect-only wallet connection': a spinner and the wallet's name while its prompt is
 * open, then, when signing in or linking, 'Sign to verify' while the wallet signs, then success.
 * In the connect intent it stops after connecting. Errors show the reason with Retry, at most two
 * retries, then 'Unable to connect wallet'; a wallet of another user asks for a different wallet.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { porticoRecipes as r } from '../../../ui/styles'
import { IconBadge } from '../../../ui/components/IconBadge'
import type { ScreenProps } from '../../../ui/context'
import { walletsOf } from '../absent'
import { WALLET_SCREENS } from '../ids'
import { WALLET_ERROR_CODES, type ConnectedWallet } from '../types'
import { PorticoError, POST_SUCCESS_DELAY_MS } from '../../../kernel'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { WalletIcon } from './parts'

/** Params of the connecting screen. */
export interface WalletConnectParams extends Record<string, unknown> {
  /** The registry entry to connect (`injected:io.metamask`). */
  entryId: string
  /** The wallet's display name. */
  name: string
  /** The wallet's icon. */
  icon?: string
  /** The chain to start on (CAIP-2); the app's default chain otherwise. */
  chainId?: string
  /** Start on this phase without connecting: the screen examples and screenshots use it. */
  preview?: 'connecting' | 'signing' | 'success' | 'rejected' | 'give-up' | 'linked'
}

/** Retries allowed after a failure (spec section 4): then 'Unable to connect wallet'. */
export const WALLET_MAX_RETRIES = 2

/** Code of the error raised when no plugin can sign wallets of this chain type in. */
export const WALLET_SIGN_IN_UNAVAILABLE = 'wallet_sign_in_unavailable'

type Failure = { title: string; message: string; retryable: boolean }
type Phase =
  | { kind: 'connecting' }
  | { kind: 'switching' }
  | { kind: 'signing' }
  | { kind: 'success' }
  | ({ kind: 'error' } & Failure)

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

const same = (a: string, b: string) => a === b || a.toLowerCase() === b.toLowerCase()

function WalletBadge({ icon, busy }: { icon?: string | undefined; busy: boolean }) {
  return (
    <IconBadge tone="neutral" size={76} busy={busy}>
      <WalletIcon icon={icon} size={44} />
    </IconBadge>
  )
}

/**
 * The connecting screen.
 * @param props - screen props; params name the registry entry and the wallet.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('wallets/connect', { entryId: 'injected:io.metamask', name: 'MetaMask' })
 * ```
 */
export default function WalletConnect({ ctx, params, close, resolveError }: ScreenProps<WalletConnectParams>) {
  const t = ctx.t
  const intent = ctx.intent()
  const wallet = params.name || 'wallet'
  const initial: Phase = (() => {
    switch (params.preview) {
      case 'signing':
        return { kind: 'signing' }
      case 'success':
        return { kind: 'success' }
      case 'rejected':
        return { kind: 'error', title: t('PORTICO_WALLET_REJECTED_TITLE'), message: t('PORTICO_WALLET_REJECTED'), retryable: true }
      case 'give-up':
        return { kind: 'error', title: t('PORTICO_WALLET_CONNECT_FAILED'), message: t('PORTICO_WALLET_GIVE_UP_DETAIL'), retryable: false }
      case 'linked':
        return { kind: 'error', title: t('PORTICO_WALLET_USE_DIFFERENT'), message: t('PORTICO_WALLET_LINKED_DETAIL'), retryable: false }
      default:
        return { kind: 'connecting' }
    }
  })()
  const [phase, setPhase] = useState<Phase>(initial)
  const retries = useRef(0)
  const started = useRef(false)
  const alive = useRef(true)
  const abort = useRef<AbortController | null>(null)

  const fail = useCallback(
    (err: unknown) => {
      const code = codeOf(err)
      // A declined post-login step (terms): the kernel has already moved the modal on.
      if (code === 'exited_auth_flow') return
      if (!alive.current) return
      if (code === 'linked_to_another_user') {
        setPhase({ kind: 'error', title: t('PORTICO_WALLET_USE_DIFFERENT'), message: t('PORTICO_WALLET_LINKED_DETAIL'), retryable: false })
        return
      }
      if (code === 'cannot_link_more_of_type') {
        setPhase({ kind: 'error', title: t('PORTICO_WALLET_ERROR_TITLE'), message: t('PORTICO_WALLET_LIMIT_DETAIL'), retryable: false })
        return
      }
      if (code === WALLET_SIGN_IN_UNAVAILABLE) {
        setPhase({ kind: 'error', title: t('PORTICO_WALLET_ERROR_TITLE'), message: t('PORTICO_WALLET_NO_SIGN_IN'), retryable: false })
        return
      }
      const resolved = resolveError(err, { method: 'wallet' })
      const screen = resolved.reaction.screen
      // Screens with their own story (allowlist, user limit, account not found) take over.
      if (screen && screen !== 'portico/error' && !resolved.reaction.inline) {
        ctx.navigate(screen, { code: resolved.code, message: resolved.message }, { replace: true })
        return
      }
      const retryable = resolved.reaction.retryable !== false
      if (retryable && retries.current >= WALLET_MAX_RETRIES) {
        setPhase({ kind: 'error', title: t('PORTICO_WALLET_CONNECT_FAILED'), message: t('PORTICO_WALLET_GIVE_UP_DETAIL'), retryable: false })
        return
      }
      const title = code === WALLET_ERROR_CODES.rejected ? t('PORTICO_WALLET_REJECTED_TITLE') : t('PORTICO_WALLET_ERROR_TITLE')
      setPhase({ kind: 'error', title, message: resolved.message, retryable })
    },
    [ctx, resolveError, t],
  )

  const run = useCallback(async () => {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    const { signal } = controller
    setPhase({ kind: 'connecting' })
    try {
      let connected: ConnectedWallet = await walletsOf(ctx).connect(params.entryId, { signal, ...(params.chainId ? { chainId: params.chainId } : {}) })
      if (intent === 'connect') {
        if (alive.current) setPhase({ kind: 'success' })
        await ctx.sleep(POST_SUCCESS_DELAY_MS)
        if (alive.current) close()
        return
      }
      const config = ctx.config()
      if (connected.type === 'ethereum' && config?.defaultChain && !config.supportedChains.some((c) => c.id === connected.chainId)) {
        setPhase({ kind: 'switching' })
        try {
          await walletsOf(ctx).switchChain(connected.address, config.defaultChain)
        } catch (e) {
          // Signing in does not need a supported chain; a refused switch leaves the wallet where it is.
          if (codeOf(e) === WALLET_ERROR_CODES.aborted) throw e
        }
        connected = walletsOf(ctx).connected().find((w) => same(w.address, connected.address)) ?? connected
      }
      const authenticator = walletsOf(ctx).authenticator(connected.type)
      const connector = walletsOf(ctx).connectorOf(connected.address)
      if (!authenticator || !connector) {
        throw new PorticoError(t('PORTICO_WALLET_NO_SIGN_IN'), { code: WALLET_SIGN_IN_UNAVAILABLE })
      }
      if (signal.aborted) return
      setPhase({ kind: 'signing' })
      const w = connected
      if (intent === 'link') {
        const transfer = authenticator.transfer
        await ctx.link(() => authenticator.link(w, connector), {
          method: 'wallet',
          handle: w.address,
          ...(transfer ? { transfer: (nonce: string) => transfer.call(authenticator, w, connector, nonce) } : {}),
        })
      } else {
        // The authenticator answers with the server's session; the kernel stores it and runs the steps.
        await ctx.authenticate(() => authenticator.authenticate(w, connector, { mode: ctx.loginMode() }), { method: 'wallet' })
      }
      // The kernel closes the modal after its post-success delay; until then show success.
      if (alive.current) setPhase({ kind: 'success' })
    } catch (err) {
      if (signal.aborted && !alive.current) return
      fail(err)
    }
  }, [ctx, close, fail, intent, params.chainId, params.entryId, t])

  useEffect(() => {
    alive.current = true
    // Once per mount, StrictMode's second effect run included; previews never connect.
    if (!started.current && !params.preview) {
      started.current = true
      void run()
    }
    return () => {
      alive.current = false
      // StrictMode remounts at once: abort only when the screen really went away.
      setTimeout(() => {
        if (!alive.current) abort.current?.abort()
      }, 0)
    }
  }, [run, params.preview])

  const retry = () => {
    retries.current += 1
    void run()
  }
  const another = () => ctx.navigate(WALLET_SCREENS.list, {}, { replace: true })

  if (phase.kind === 'success') {
    return (
      <Screen
        icon="success"
        title={t(intent === 'connect' ? 'PORTICO_WALLET_CONNECTED_TITLE' : 'PORTICO_WALLET_SUCCESS_TITLE')}
        subtitle={<span role="status">{t('PORTICO_WALLET_SUCCESS_DETAIL')}</span>}
      />
    )
  }

  if (phase.kind === 'error') {
    return (
      <Screen
        icon={<WalletBadge icon={params.icon} busy={false} />}
        title={phase.title}
        // Announced when it replaces the progress state.
        subtitle={<span role="alert">{phase.message}</span>}
        footer={
          <div className={r.stackTight}>
            {phase.retryable ? <Button onClick={retry}>{t('PORTICO_WALLET_RETRY')}</Button> : null}
            <Button variant={phase.retryable ? 'ghost' : 'primary'} onClick={another}>
              {t('PORTICO_WALLET_CHOOSE_ANOTHER')}
            </Button>
          </div>
        }
      />
    )
  }

  const signing = phase.kind === 'signing'
  const switching = phase.kind === 'switching'
  const title = signing
    ? t('PORTICO_WALLET_SIGN_TITLE')
    : switching
      ? t('PORTICO_WALLET_SWITCHING_TITLE')
      : t('PORTICO_WALLET_CONNECTING_TITLE', { wallet })
  const detail = signing
    ? t('PORTICO_WALLET_SIGN_DETAIL', { wallet })
    : switching
      ? t('PORTICO_WALLET_SWITCHING_DETAIL', { wallet })
      : t(intent === 'connect' ? 'PORTICO_WALLET_CONNECTING_ONLY_DETAIL' : 'PORTICO_WALLET_CONNECTING_DETAIL', { wallet })
  return (
    <Screen icon={<WalletBadge icon={params.icon} busy />} title={title} subtitle={detail}>
      <div
        role="status"
        className={r.status}
      >
        {signing ? t('PORTICO_WALLET_SIGN_STATUS') : t('PORTICO_WALLET_CONNECTING_STATUS')}
      </div>
    </Screen>
  )
}
