/**
 * SMS MFA enrolment (spec 02 §2): the phone number (the SMS plugin's phone input), the code texted
 * to it in the 6 boxes, success. The requests carry the fresh MFA token when the user already had a
 * method enrolled (the MFA core verified first).
 * @module
 */
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { CodeInputHandle } from '../../../ui/components/CodeInput'
import { porticoRecipes as r } from '../../../ui/styles'
import { MfaCodeInput, mfaOf } from '../../mfa'
import { loadPhoneInput } from '../../sms'
import { mfaSmsRoutes } from '../api'

const PhoneField = lazy(() => loadPhoneInput().then((m) => ({ default: m.PhoneField })))

/**
 * The enrolment screen.
 * @param props - screen props (no params).
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('mfa-sms/enroll')
 * ```
 */
export default function SmsEnroll({ ctx, resolveStep }: ScreenProps) {
  const t = ctx.t
  const [country, setCountry] = useState<CountryCode>((ctx.config()?.intl.defaultCountry as CountryCode | undefined) ?? 'US')
  const [text, setText] = useState('')
  const [phone, setPhone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const codeRef = useRef<CodeInputHandle>(null)
  const errorText = (e: unknown) => ctx.resolveError(e, { method: 'mfa' }).message
  const headers = () => mfaOf(ctx).changeHeaders()

  async function send(event: FormEvent) {
    event.preventDefault()
    const { readPhoneInput } = await loadPhoneInput()
    const read = readPhoneInput(text.trim(), country)
    if (!read.isValid) {
      setError(t('MFA_SMS_INVALID_PHONE'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      await ctx.api.request(mfaSmsRoutes.init, { action: 'enroll', phoneNumber: read.qualifiedPhoneNumber }, { headers: headers() })
      setPhone(read.qualifiedPhoneNumber)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  async function enroll(code: string) {
    if (!phone) return
    setBusy(true)
    setError(null)
    try {
      await ctx.api.request(mfaSmsRoutes.enroll, { code, phoneNumber: phone }, { headers: headers() })
      await ctx.refreshSession()
      setDone(true)
    } catch (e) {
      setError(errorText(e))
      codeRef.current?.clear()
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return <Screen icon="success" title={t('MFA_SMS_ADDED_TITLE')} subtitle={t('MFA_SMS_ADDED_SUBTITLE')} footer={<Button onClick={resolveStep}>{t('MFA_DONE')}</Button>} />
  }
  if (phone) {
    return (
      <Screen
        title={t('MFA_SMS_CODE_TITLE')}
        subtitle={t('MFA_SMS_CODE_SUBTITLE', { phone })}
        footer={
          <Button variant="ghost" disabled={busy} onClick={() => (setPhone(null), setError(null))}>
            {t('MFA_SMS_CHANGE_NUMBER')}
          </Button>
        }
      >
        <MfaCodeInput
          ctx={ctx}
          ref={codeRef}
          autoFocus
          disabled={busy}
          error={error}
          onEdit={() => setError(null)}
          onComplete={(code) => void enroll(code)}
        />
      </Screen>
    )
  }
  return (
    <Screen title={t('MFA_SMS_ENROLL_TITLE')} subtitle={t('MFA_SMS_ENROLL_SUBTITLE')}>
      <form className={r.stack} onSubmit={(e) => void send(e)} noValidate>
        <Suspense fallback={null}>
          <PhoneField
            locale={ctx.locale()}
            value={text}
            country={country}
            onChange={(value, next) => {
              setText(value)
              setCountry(next)
              setError(null)
            }}
            label={t('MFA_SMS_PHONE_LABEL')}
            countryLabel={t('MFA_SMS_COUNTRY_LABEL')}
            error={error}
            disabled={busy}
          />
        </Suspense>
        <Button type="submit" loading={busy} disabled={!text.trim()}>
          {t('MFA_SMS_SEND')}
        </Button>
      </form>
    </Screen>
  )
}
