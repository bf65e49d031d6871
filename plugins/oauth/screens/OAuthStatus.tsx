/**
 * The OAuth status screen (spec section 2, 'OAuth status'): 'Verifying connection to {provider}',
 * then 'Successfully connected with {provider}' / "You're good to go!", or 'Authentication failed'
 * with a detail line and Retry when the error is retryable (a failure has no Back: its buttons lead on). It draws the plugin's state slice;
 * params override it (screenshots, contract tests).
 * @module
 */
import { useSnapshot } from 'valtio'
import { useOutcome, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { PORTICO_SCREENS } from '../../../ui/plugin'
import { providerDisplay } from '../client/providers'
import { startOAuth, type OAuthState } from '../client/flow'
import { ProviderIcon } from './ProviderIcon'

/** Params of the status screen; each one overrides the state slice. */
export interface OAuthStatusParams extends Record<string, unknown> {
  status?: OAuthState['status']
  provider?: string
  /** The failure's detail line. */
  message?: string
  retryable?: boolean
}

/**
 * The status view, shared by the start screens and the status screen.
 * @param props - screen props (params override the slice).
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('oauth/status')
 * ```
 */
export function OAuthStatusView({ ctx, params, navigate }: ScreenProps<OAuthStatusParams>) {
  const snap = useSnapshot(ctx.state as OAuthState)
  const t = ctx.t
  const status = params.status ?? snap.status
  const providerId = params.provider ?? snap.provider
  const display = providerDisplay(providerId, ctx.config())
  const name = display.name ?? t('OAUTH_UNKNOWN_PROVIDER')
  // A failure ends the flow: no Back; Retry or 'Use another method' say where to go.
  useOutcome(status === 'error')

  if (status === 'success') {
    return <Screen icon={<ProviderIcon icon={display.icon} tone="success" />} title={t('OAUTH_SUCCESS_TITLE', { provider: name })} subtitle={t('OAUTH_SUCCESS_SUBTITLE')} />
  }
  if (status === 'error') {
    const message = params.message ?? snap.error?.message ?? t('OAUTH_UNEXPECTED')
    // A provider this page does not know cannot be started again: no Retry, only another method.
    const retryable = (params.retryable ?? snap.error?.retryable ?? false) && display.name !== null
    const retry = () => {
      if (!providerId) return
      void startOAuth(ctx, { provider: providerId, mode: snap.mode, intent: snap.intent })
    }
    return (
      <Screen
        icon={<ProviderIcon icon={display.icon} tone="error" />}
        title={t('OAUTH_FAILED_TITLE')}
        subtitle={message}
        footer={
          <>
            {retryable && providerId ? <Button onClick={retry}>{t('OAUTH_RETRY')}</Button> : null}
            <Button variant={retryable && providerId ? 'ghost' : 'primary'} onClick={() => navigate(PORTICO_SCREENS.landing, {}, { reset: true })}>
              {t('OAUTH_OTHER_METHOD')}
            </Button>
          </>
        }
      />
    )
  }
  const subtitle =
    status === 'waiting' && snap.mode === 'popup'
      ? t('OAUTH_POPUP_SUBTITLE', { provider: name })
      : status === 'starting' || status === 'waiting'
        ? t('OAUTH_REDIRECT_SUBTITLE', { provider: name })
        : undefined
  return (
    <Screen
      icon={<ProviderIcon icon={display.icon} busy />}
      title={t('OAUTH_VERIFYING_TITLE', { provider: name })}
      subtitle={subtitle}
    />
  )
}

/**
 * The status screen (`oauth/status`).
 * @param props - screen props with {@link OAuthStatusParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('oauth/status', { status: 'success', provider: 'google' })
 * ```
 */
export default function OAuthStatus(props: ScreenProps<OAuthStatusParams>) {
  return <OAuthStatusView {...props} />
}
