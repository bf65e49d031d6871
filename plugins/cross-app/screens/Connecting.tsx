/**
 * 'Connecting to {app}' (spec 02 §2): asks the user to check the pop-up, with Reopen and Cancel; on
 * failure the error text with Retry when retryable. Draws the plugin's slice; params override it
 * (screenshots, contract tests). The start screens `cross-app/start-<k>` render it too.
 * @module
 */
import { useEffect, useRef, type ComponentType } from 'react'
import { useSnapshot } from 'valtio'
import { useOutcome, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { AppBadge } from './AppBadge'
import { PORTICO_SCREENS } from '../../../ui/plugin'
import { cancelCrossApp, focusPopup, loginWithCrossAppAccount, providerName, type CrossAppState } from '../client/flow'

/** Params of the screen; each overrides the slice. */
export interface ConnectingParams extends Record<string, unknown> {
  status?: CrossAppState['status']
  /** The provider app's name. */
  name?: string
  message?: string
  retryable?: boolean
  /** The provider app's id (draws Retry without a running flow: screenshots). */
  providerId?: string
  /** Draw only (start screens): do not start a flow. */
  preview?: boolean
}

/**
 * The connecting view.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('cross-app/connecting')
 * ```
 */
export function ConnectingView({ ctx, params, navigate }: ScreenProps<ConnectingParams>) {
  const snap = useSnapshot(ctx.state as CrossAppState)
  const t = ctx.t
  const status = params.status ?? snap.status
  const name = params.name ?? providerName(ctx, snap.provider)
  // A failure ends the flow: no Back; Retry or 'Use another method' say where to go.
  useOutcome(status === 'error')
  if (status === 'error') {
    const retryable = params.retryable ?? snap.error?.retryable ?? false
    const providerId = snap.provider?.id ?? params.providerId
    return (
      <Screen
        icon={<AppBadge name={name} tone="error" />}
        title={t('CROSS_APP_FAILED_TITLE')}
        subtitle={params.message ?? snap.error?.message ?? t('CROSS_APP_FAILED', { app: name })}
        footer={
          <>
            {retryable && providerId ? (
              <Button onClick={() => void loginWithCrossAppAccount(ctx, { appId: providerId })}>{t('CROSS_APP_RETRY')}</Button>
            ) : null}
            <Button variant={retryable && providerId ? 'ghost' : 'primary'} onClick={() => navigate(PORTICO_SCREENS.landing, {}, { reset: true })}>
              {t('CROSS_APP_OTHER_METHOD')}
            </Button>
          </>
        }
      />
    )
  }
  return (
    <Screen
      icon={<AppBadge name={name} iconUrl={snap.provider?.iconUrl} busy />}
      title={t('CROSS_APP_CONNECTING_TITLE', { app: name })}
      subtitle={t('CROSS_APP_CONNECTING_SUBTITLE')}
      footer={
        <>
          <Button onClick={() => focusPopup(ctx)}>{t('CROSS_APP_REOPEN')}</Button>
          <Button variant="ghost" onClick={() => cancelCrossApp(ctx)}>
            {t('CROSS_APP_CANCEL')}
          </Button>
        </>
      }
    />
  )
}

/**
 * The start screen of the k-th provider app the requester may use: starts the flow on mount (the
 * landing row's press opened it) and shows the connecting view.
 * @param k - the provider's index in the loaded connections (or the page's `providers`).
 * @param providers - the page's provider list, if any.
 * @returns the screen component.
 * @example
 * ```ts
 * const Start = startScreen(0)
 * ```
 */
export function startScreen(k: number, providers?: readonly string[]): ComponentType<ScreenProps<ConnectingParams>> {
  function CrossAppStart(props: ScreenProps<ConnectingParams>) {
    const { ctx } = props
    const started = useRef(false)
    useEffect(() => {
      if (started.current || props.params.preview === true) return
      const s = ctx.state as CrossAppState
      const id = providerIds(s, providers)[k]
      if (!id) return
      started.current = true
      void loginWithCrossAppAccount(ctx, { appId: id })
    }, [ctx])
    return <ConnectingView {...props} params={{ ...(props.params.preview ? { status: 'connecting' as const } : {}), ...props.params }} />
  }
  return CrossAppStart
}

/**
 * The provider app ids the landing offers, in order.
 * @param s - the slice.
 * @param providers - the page's `providers` option.
 * @returns the ids.
 * @example
 * ```ts
 * providerIds(ctx.state as CrossAppState, undefined)
 * ```
 */
export function providerIds(s: CrossAppState, providers?: readonly string[]): string[] {
  const allowed = (s.connections ?? []).map((c) => c.id)
  return providers ? providers.filter((id) => s.connections === null || allowed.includes(id)) : allowed
}

/**
 * The `cross-app/connecting` screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('cross-app/connecting', { status: 'error', name: 'Acme' })
 * ```
 */
export default function Connecting(props: ScreenProps<ConnectingParams>) {
  return <ConnectingView {...props} />
}
