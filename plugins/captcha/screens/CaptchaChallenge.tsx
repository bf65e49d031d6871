/**
 * The captcha step: runs the Turnstile challenge, shows its progress, shows the widget when the
 * challenge needs the user, and ends the step with the token. Going back or closing cancels the step
 * (the kernel's step stack does it), which aborts the login.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { porticoRecipes as r } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
import { ErrorText } from '../../../ui/components/ErrorText'
import { messageKeyOf } from '../../../kernel'
import type { CaptchaState } from '../index'
import { CAPTCHA_ERRORS } from '../errors'
import { startChallenge, type Challenge, type ChallengeState } from '../turnstile'

/** Params of the challenge screen: the Turnstile key (without `t:`), as the `beforeLogin` step passes it. */
export interface CaptchaChallengeParams extends Record<string, unknown> {
  siteKey?: string
}

/**
 * The challenge screen.
 * @param props - screen props with {@link CaptchaChallengeParams}.
 * @returns the screen.
 * @example
 * ```ts
 * // Opened as a step by the captcha plugin's beforeLogin tap, which waits until the screen resolves it:
 * hooks.beforeLogin.tap('captcha', async () => ({ screen: 'captcha/challenge', params: { siteKey } }))
 * ```
 */
export default function CaptchaChallenge({ ctx, params, resolveStep }: ScreenProps<CaptchaChallengeParams>) {
  const t = ctx.t
  const slice = ctx.state as CaptchaState
  const widget = useRef<HTMLDivElement>(null)
  const run = useRef<Challenge | null>(null)
  const [view, setView] = useState<ChallengeState>({ status: 'loading', retries: 0, exhausted: false })
  const siteKey = typeof params.siteKey === 'string' ? params.siteKey : ''
  const theme = ctx.config()?.appearance.theme

  useEffect(() => {
    const container = widget.current
    if (!container || !siteKey) return
    let done = false
    run.current = startChallenge({
      siteKey,
      container,
      scriptUrl: slice.scriptUrl,
      theme,
      onState(s) {
        setView(s)
        if (s.status === 'success' && s.token && !done) {
          done = true
          slice.token = s.token
          slice.tokenAt = Date.now()
          slice.error = null
          slice.status = 'success'
          resolveStep()
          return
        }
        slice.status = s.status === 'interactive' ? 'loading' : s.status === 'success' ? 'success' : s.status
        slice.error = s.error ?? null
      },
      onExpired() {
        slice.token = null
        slice.tokenAt = null
      },
    })
    // Going back or closing the modal cancels the step in the kernel: the screen has nothing to end.
    return () => {
      run.current?.destroy()
      run.current = null
    }
  }, [resolveStep, slice, siteKey, theme])

  const interactive = view.status === 'interactive'
  const failed = view.status === 'error'
  const message = view.error ? t(messageKeyOf(view.error, CAPTCHA_ERRORS[view.error])) : null
  const title = interactive
    ? t('CAPTCHA_INTERACTIVE_TITLE')
    : failed && view.exhausted
      ? t('CAPTCHA_ERROR_TITLE')
      : t('CAPTCHA_TITLE')
  const subtitle = interactive ? t('CAPTCHA_INTERACTIVE_SUBTITLE') : failed ? undefined : t('CAPTCHA_SUBTITLE')

  return (
    <Screen
      icon={failed ? (view.exhausted ? 'warning' : 'error') : view.status === 'success' ? 'success' : 'lock'}
      title={title}
      subtitle={subtitle}
      footer={
        failed && view.exhausted ? <Button onClick={() => run.current?.restart()}>{t('CAPTCHA_TRY_AGAIN')}</Button> : undefined
      }
    >
      <div className={r.stack} style={{ alignItems: 'center', minHeight: 48 }}>
        {/* Turnstile draws into this box; with `interaction-only` it stays empty unless the user must act. */}
        <div ref={widget} data-testid="captcha-widget" style={{ display: 'flex', justifyContent: 'center', width: '100%' }} />
        {!siteKey ? (
          <ErrorText center>{t('CAPTCHA_UNSUPPORTED_SITE_KEY')}</ErrorText>
        ) : failed ? (
          <>
            <p role="alert" className={r.dangerText}>
              {message}
            </p>
            {view.exhausted ? (
              <p className={`${r.muted} ${r.center}`} style={{ maxWidth: '34ch' }}>
                {t('CAPTCHA_HINT')}
              </p>
            ) : (
              <span className={r.status}>
                <Spinner size={16} />
                {t('CAPTCHA_RETRYING')}
              </span>
            )}
          </>
        ) : view.status === 'loading' ? (
          <Spinner size={28} label={t('CAPTCHA_TITLE')} />
        ) : null}
      </div>
    </Screen>
  )
}
