/**
 * The code screen: six boxes, resend with a cooldown, and the login itself
 * (`passwordless/authenticate` through the kernel's `authenticate`).
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { css } from '../../../styled-system/css'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { CodeInput, type CodeInputHandle } from '../../../ui/components/CodeInput'
import { Link } from '../../../ui/components/Link'
import { Spinner } from '../../../ui/components/Spinner'
import { emailRoutes } from '../api'
import { errorCode, RESEND_COOLDOWN_S } from './shared'

/** Params of the code screen. */
export interface EmailCodeParams extends Record<string, unknown> {
  /** The address the code was sent to. */
  email: string
}

/**
 * The code screen.
 * @param props - screen props with {@link EmailCodeParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('email/code', { email: 'ada@example.com' })
 * ```
 */
export default function EmailCode({ kernel, ctx, params }: ScreenProps<EmailCodeParams>) {
  const t = ctx.t
  const email = String(params.email ?? '')
  const [state, setState] = useState<'idle' | 'verifying' | 'success'>('idle')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [cooldownUntil, setCooldownUntil] = useState(() => Date.now() + RESEND_COOLDOWN_S * 1000)
  const [now, setNow] = useState(() => Date.now())
  const boxes = useRef<CodeInputHandle>(null)
  const remaining = Math.max(0, Math.ceil((cooldownUntil - now) / 1000))

  useEffect(() => {
    if (remaining <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [remaining > 0])

  const verify = async (code: string) => {
    setState('verifying')
    setError(null)
    setNotice(null)
    try {
      if (ctx.intent() === 'link') {
        await ctx.link(() => ctx.api.request(emailRoutes.link, { email, code }), { method: 'email' })
      } else {
        await ctx.authenticate(
          () => ctx.api.request(emailRoutes.authenticate, { email, code, mode: ctx.loginMode() }),
          { method: 'email' },
        )
      }
      // The kernel closes the modal after its post-success delay; until then show success.
      setState('success')
    } catch (err) {
      setState('idle')
      const wire = errorCode(err)
      // A declined post-login step (terms): the kernel has already moved the modal on.
      if (wire === 'exited_auth_flow') return
      if (wire === 'invalid_credentials') {
        setError(t('EMAIL_INVALID_CODE'))
        boxes.current?.clear()
        return
      }
      if (wire === 'disallowed_plus_email') {
        kernel.navigate('portico/landing', { method: 'email', error: t('EMAIL_DISALLOWED_PLUS') }, { reset: true })
        return
      }
      const resolved = kernel.resolveError(err, { method: 'email', screen: 'email/code' })
      if (resolved.reaction.screen && resolved.reaction.screen !== 'portico/error' && !resolved.reaction.inline) {
        ctx.navigate(resolved.reaction.screen, { code: resolved.code, message: resolved.message })
      } else if (wire === 'too_many_requests' || wire === 'cannot_link_more_of_type') {
        setError(resolved.message)
      } else {
        setError(t('EMAIL_VERIFY_FAILED'))
      }
      boxes.current?.clear()
    }
  }

  const resend = async () => {
    setError(null)
    setNotice(null)
    setCooldownUntil(Date.now() + RESEND_COOLDOWN_S * 1000)
    setNow(Date.now())
    try {
      const { captchaToken } = await ctx.beginLogin({ method: 'email' })
      await ctx.api.request(emailRoutes.init, { email, ...(captchaToken ? { token: captchaToken } : {}) })
      setNotice(t('EMAIL_RESENT'))
    } catch (err) {
      if (errorCode(err) === 'exited_auth_flow') return
      setError(kernel.resolveError(err, { method: 'email', screen: 'email/code' }).message)
    }
  }

  if (state === 'success') {
    return <Screen icon="success" title={t('EMAIL_SUCCESS_TITLE')} subtitle={t('EMAIL_SUCCESS_SUBTITLE')} />
  }

  const app = ctx.config()?.name ?? ''
  return (
    <Screen
      icon="mail"
      title={t('EMAIL_CODE_TITLE')}
      subtitle={
        <>
          {t('EMAIL_CODE_SUBTITLE', { email: '\u0000', app })
            .split('\u0000')
            .flatMap((part, i) => (i === 0 ? [part] : [<strong key={i} className={css({ color: 'fg', fontWeight: '600', overflowWrap: 'anywhere' })}>{email}</strong>, part]))}
        </>
      }
      footer={
        <p className={css({ textAlign: 'center', fontSize: '14px', color: 'fg.muted' })}>
          {t('EMAIL_DIDNT_GET')}{' '}
          {remaining > 0 ? (
            <span className={css({ color: 'fg.subtle', fontVariantNumeric: 'tabular-nums' })} aria-live="off">
              {t('EMAIL_RESEND_IN', { seconds: remaining })}
            </span>
          ) : (
            <Link onClick={resend} disabled={state === 'verifying'}>
              {t('PORTICO_RESEND_CODE')}
            </Link>
          )}
        </p>
      }
    >
      <CodeInput
        ref={boxes}
        autoFocus
        disabled={state === 'verifying'}
        error={error}
        onEdit={() => setError(null)}
        onComplete={verify}
        messages={{
          label: t('EMAIL_CODE_LABEL'),
          notNumeric: t('PORTICO_CODE_NOT_NUMERIC'),
          onlyNumbers: t('PORTICO_PASSCODE_ONLY_NUMBERS'),
          exactLength: t('PORTICO_PASSCODE_LENGTH'),
        }}
      />
      <div aria-live="polite" className={css({ minHeight: '24px', display: 'flex', justifyContent: 'center', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: '14px' })}>
        {state === 'verifying' ? (
          <>
            <Spinner size={16} />
            {t('EMAIL_VERIFYING')}
          </>
        ) : notice ? (
          <span className={css({ color: 'success' })}>{notice}</span>
        ) : null}
      </div>
    </Screen>
  )
}
