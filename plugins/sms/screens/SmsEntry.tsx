/**
 * SMS entry: the phone field, inline on the landing screen or as its own screen. Validates the
 * number, sends the code (`passwordless_sms/init`) and goes to the code screen.
 * @module
 */
import { useState, type FormEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import { porticoRecipes as r } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { codeEntryFor } from '../../../ui/code-entry'
import { smsCodeEntry } from '../code-entry'
import { PhoneField } from './PhoneField'
import { displayPhoneNumber, initialCountry, readPhoneInput } from './phone'
import { PhoneIcon } from './PhoneIcon'

/** Params of the SMS entry: `inline` on the landing screen; `error` to show under the field. */
export interface SmsEntryParams extends Record<string, unknown> {
  inline?: boolean
  error?: string
  /** The number to start with, as typed. */
  phoneNumber?: string
  /** The country to start with (ISO 3166 alpha-2). */
  country?: string
  /** Updating the user's number: the current one, replaced once the new one is verified. */
  oldPhoneNumber?: string
}

/** The number being replaced, in display form, or undefined outside the update flow. */
function oldNumberOf(params: SmsEntryParams): string | undefined {
  return typeof params.oldPhoneNumber === 'string' && params.oldPhoneNumber ? displayPhoneNumber(params.oldPhoneNumber) : undefined
}

/** The form itself, shared by the inline and the full-screen variants. */
export function SmsForm({ ctx, params }: ScreenProps<SmsEntryParams>) {
  const t = ctx.t
  const [country, setCountry] = useState<CountryCode>(() =>
    initialCountry(typeof params.country === 'string' ? params.country : ctx.config()?.intl.defaultCountry),
  )
  const [text, setText] = useState(typeof params.phoneNumber === 'string' ? params.phoneNumber : '')
  // A user who already has a number cannot link another: said before anything is typed or sent.
  const [error, setError] = useState<string | null>(() =>
    typeof params.error === 'string' ? params.error : (codeEntryFor(ctx, smsCodeEntry).linkRefusal()?.message ?? null),
  )
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const phone = readPhoneInput(text.trim(), country)
    if (!phone.isValid) {
      setError(t('SMS_INVALID_NUMBER'))
      return
    }
    setBusy(true)
    setError(null)
    const entry = codeEntryFor(ctx, smsCodeEntry)
    try {
      // Asking again from this screen sends again; the server's per-number limit applies.
      await entry.send(phone.qualifiedPhoneNumber, { restart: true })
      const old = oldNumberOf(params)
      ctx.navigate('sms/code', old ? { phoneNumber: phone.qualifiedPhoneNumber, oldPhoneNumber: old } : { phoneNumber: phone.qualifiedPhoneNumber })
    } catch (err) {
      setBusy(false)
      // The user left the captcha step: nothing to report. Otherwise the registry's answer.
      const resolved = entry.state.error === err ? entry.state.failure : undefined
      if (!resolved) return
      if (resolved.reaction.screen && !resolved.reaction.inline) {
        ctx.navigate(resolved.reaction.screen, { code: resolved.code, message: resolved.message })
      } else {
        setError(resolved.message)
      }
    }
  }

  return (
    <form onSubmit={submit} noValidate className={r.stack}>
      <PhoneField
        locale={ctx.locale()}
        label={t('SMS_INPUT_LABEL')}
        countryLabel={t('SMS_COUNTRY_LABEL')}
        placeholder={t('SMS_INPUT_PLACEHOLDER')}
        value={text}
        country={country}
        error={error}
        onChange={(value, next) => {
          setText(value)
          setCountry(next)
          if (error) setError(null)
        }}
        trailing={
          <Button type="submit" size="sm" variant={text.trim() ? 'primary' : 'ghost'} fullWidth={false} loading={busy} disabled={!text.trim()}>
            {t('SMS_SUBMIT')}
          </Button>
        }
      />
    </form>
  )
}

/**
 * The SMS entry screen (also rendered inline by the landing screen, with `params.inline`).
 * @param props - screen props with {@link SmsEntryParams}.
 * @returns the form, wrapped in a screen layout unless inline.
 * @example
 * ```ts
 * kernel.navigate('sms/entry', { country: 'GB' })
 * ```
 */
export default function SmsEntry(props: ScreenProps<SmsEntryParams>) {
  if (props.params.inline) return <SmsForm {...props} />
  const t = props.ctx.t
  const old = oldNumberOf(props.params)
  return (
    <Screen icon={<PhoneIcon />} title={t(old ? 'SMS_UPDATE_TITLE' : props.ctx.intent() === 'link' ? 'SMS_LINK_TITLE' : 'SMS_ENTRY_TITLE')}
      subtitle={old ? t('SMS_UPDATE_SUBTITLE', { phone: old }) : t('SMS_ENTRY_SUBTITLE')}
    >
      <SmsForm {...props} />
    </Screen>
  )
}
