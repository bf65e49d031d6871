/**
 * The passkey screen: log in with a passkey, or create one (sign-up; a link when a signed-in user
 * opened the modal to add one). States: ready, awaiting the passkey dialogue (loading), submitting
 * the response, success, and error with Retry.
 * @module
 */
import { useCallback, useState } from 'react'
import type { Translate } from '../../../kernel'
import { usePorticoState, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
import { porticoRecipes as r } from '../../../ui/styles'
import { addPasskey, loginWithPasskey, signUpWithPasskey, webAuthnSupported, PASSKEY_METHOD, type CeremonyStep } from '../flows'
import { codeOf, outcomeOf, PasskeyIcon } from './shared'

/**
 * Params of the passkey screen. `phase` starts the screen in a given state (screenshots and the
 * contract tests render each); a real flow starts at `ready`.
 */
export interface PasskeyLoginParams extends Record<string, unknown> {
  phase?: 'ready' | 'awaiting' | 'submitting' | 'success' | 'error'
  message?: string
}

type Action = 'login' | 'signup' | 'link'
type Phase =
  | { kind: 'ready' }
  | { kind: 'awaiting' | 'submitting'; action: Action }
  | { kind: 'success' }
  | { kind: 'error'; message: string; retryable: boolean; action: Action }

function initialPhase(params: PasskeyLoginParams, t: Translate): Phase {
  if (!webAuthnSupported() && params.phase === undefined) {
    return { kind: 'error', message: t('PASSKEY_NOT_SUPPORTED'), retryable: false, action: 'login' }
  }
  switch (params.phase) {
    case 'awaiting':
    case 'submitting':
      return { kind: params.phase, action: 'login' }
    case 'success':
      return { kind: 'success' }
    case 'error':
      return { kind: 'error', message: params.message ?? t('PASSKEY_NOT_ALLOWED'), retryable: true, action: 'login' }
    default:
      return { kind: 'ready' }
  }
}

/**
 * The passkey screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('passkey/login')
 * ```
 */
export default function PasskeyLogin(screen: ScreenProps<PasskeyLoginParams>) {
  const { ctx, params } = screen
  const t = ctx.t
  const [phase, setPhase] = useState<Phase>(() => initialPhase(params, t))
  const linking = ctx.intent() === 'link'
  const server = usePorticoState((s) => s.config?.server)
  // A new passkey is a new user: offered when the app allows passkey sign-up and this attempt may sign up.
  const canSignUp = !linking && (server?.passkeys_for_signup_enabled ?? false) && ctx.loginMode() !== 'no-signup'

  const run = useCallback(
    async (action: Action) => {
      const onStep = (step: CeremonyStep) => setPhase({ kind: step, action })
      setPhase({ kind: 'awaiting', action })
      try {
        if (action === 'login') await loginWithPasskey(ctx, onStep)
        else if (action === 'signup') await signUpWithPasskey(ctx, onStep)
        else await ctx.link(() => addPasskey(ctx, onStep), { method: PASSKEY_METHOD })
        // The kernel closes the modal after its post-success delay; until then show success.
        setPhase({ kind: 'success' })
      } catch (err) {
        // The user left a step (captcha, terms): the kernel has already moved the modal on.
        if (codeOf(err) === 'exited_auth_flow') return
        const outcome = outcomeOf(screen, err)
        if (outcome.kind === 'navigate') {
          ctx.navigate(outcome.screen, { code: outcome.code, message: outcome.message }, { replace: true })
          return
        }
        setPhase({ kind: 'error', message: outcome.message, retryable: outcome.retryable, action })
      }
    },
    [ctx, screen],
  )

  if (phase.kind === 'success') {
    return <Screen icon="success" title={t('PASSKEY_SUCCESS_TITLE')} subtitle={t('PASSKEY_SUCCESS_SUBTITLE')} />
  }

  if (phase.kind === 'error') {
    return (
      <Screen
        icon="error"
        title={t('PASSKEY_ERROR_TITLE')}
        // Announced when it replaces the progress state.
        subtitle={<span role="alert">{phase.message}</span>}
        footer={
          <div className={r.stackTight}>
            {phase.retryable ? <Button onClick={() => void run(phase.action)}>{t('PORTICO_UI_TRY_AGAIN')}</Button> : null}
            {linking ? null : (
              <Button variant={phase.retryable ? 'ghost' : 'primary'} onClick={() => ctx.navigate('portico/landing', {}, { reset: true })}>
                {t('PORTICO_TRY_ANOTHER_METHOD')}
              </Button>
            )}
          </div>
        }
      />
    )
  }

  if (phase.kind === 'awaiting' || phase.kind === 'submitting') {
    return (
      <Screen icon={<PasskeyIcon />} title={t(phase.kind === 'awaiting' ? 'PASSKEY_AWAITING' : 'PASSKEY_SUBMITTING')} subtitle={t('PASSKEY_AWAITING_SUBTITLE')}>
        <div
          role="status"
          aria-label={t(phase.kind === 'awaiting' ? 'PASSKEY_AWAITING' : 'PASSKEY_SUBMITTING')}
          className={r.status}
        >
          <Spinner size={20} />
        </div>
      </Screen>
    )
  }

  return (
    <Screen
      icon={<PasskeyIcon />}
      title={t(linking ? 'PASSKEY_LINK_TITLE' : 'PASSKEY_TITLE')}
      subtitle={t(linking ? 'PASSKEY_LINK_SUBTITLE' : 'PASSKEY_SUBTITLE')}
      footer={
        <div className={r.stackTight}>
          {linking ? (
            <Button onClick={() => void run('link')}>{t('PASSKEY_ADD')}</Button>
          ) : (
            <>
              <Button onClick={() => void run('login')}>{t('PASSKEY_LOG_IN')}</Button>
              {canSignUp ? (
                <Button variant="secondary" onClick={() => void run('signup')}>
                  {t('PASSKEY_CREATE')}
                </Button>
              ) : null}
            </>
          )}
        </div>
      }
    />
  )
}
