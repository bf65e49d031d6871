/**
 * Password recovery (`embedded-wallets/password-recovery`): 'Enter your password' on a device
 * without the wallet, masked with a show toggle. 'Recover your account' recovers the wallet with
 * it and ends the step; a wrong password says 'Invalid recovery password, please try again.', any
 * other failure 'An error has occurred, please try again.'.
 * @module
 */
import { useRef, useState, type FormEvent } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { embeddedWalletsOf } from '../service'
import { Badge, PasswordField, SlowNotice, retypeField, textsOf, useSlow } from './parts'

/** The error codes that mean the password was wrong (spec 02 §8). */
const WRONG_PASSWORD_CODES: readonly unknown[] = ['invalid_recovery_pin', 'invalid_request_arguments']

/**
 * The password recovery screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.passwordRecovery })
 * ```
 */
export default function PasswordRecovery({ ctx, resolveStep, isShown }: ScreenProps) {
  const t = textsOf(ctx)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const slow = useSlow(ctx, busy)
  const form = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy || password.length === 0) return
    setBusy(true)
    setError(null)
    try {
      await embeddedWalletsOf(ctx).recover(password)
      if (isShown()) resolveStep()
    } catch (err) {
      if (!isShown()) return
      setBusy(false)
      const { code, shortMessage } = (err ?? {}) as { code?: unknown; shortMessage?: unknown }
      // Locked after too many wrong passwords: the frame's message says how long to wait.
      if (code === 'too_many_requests' && typeof shortMessage === 'string') setError(shortMessage)
      else setError(t(WRONG_PASSWORD_CODES.includes(code) ? 'EMBEDDED_RECOVER_INVALID' : 'EMBEDDED_ERROR_OCCURRED'))
      retypeField(form.current, 'password')
    }
  }

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
      <Screen
        icon={<Badge glyph="key" />}
        title={t('EMBEDDED_RECOVER_TITLE')}
        subtitle={t('EMBEDDED_RECOVER_DETAIL')}
        footer={
          <>
            <Button type="submit" loading={busy} disabled={password.length === 0}>
              {t('EMBEDDED_RECOVER_SUBMIT')}
            </Button>
            <SlowNotice slow={slow}>{t('EMBEDDED_SLOW')}</SlowNotice>
          </>
        }
      >
        <PasswordField
          label={t('EMBEDDED_PASSWORD_LABEL')}
          showLabel={t('EMBEDDED_PASSWORD_SHOW')}
          autoComplete="current-password"
          value={password}
          readOnly={busy}
          onChange={(v) => {
            setPassword(v)
            setError(null)
          }}
          error={error}
        />
      </Screen>
    </form>
  )
}
