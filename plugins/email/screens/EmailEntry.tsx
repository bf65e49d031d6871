/**
 * Email entry: the address field, inline on the landing screen or as its own screen. Validates
 * the address, sends the code (`passwordless/init`) and goes to the code screen.
 * @module
 */
import { useState, type FormEvent } from 'react'
import { porticoRecipes as r } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { TextInput } from '../../../ui/components/TextInput'
import { Button } from '../../../ui/components/Button'
import { codeEntryFor } from '../../../ui/code-entry'
import { emailCodeEntry } from '../code-entry'
import { validateEmail } from './shared'

/** Params of the email entry: `inline` on the landing screen; `error` to show under the field. */
export interface EmailEntryParams extends Record<string, unknown> {
  inline?: boolean
  error?: string
  email?: string
  /** Updating the user's address: the current one, replaced once the new one is verified. */
  oldAddress?: string
}

/** The form itself, shared by the inline and the full-screen variants. */
export function EmailForm({ ctx, params }: ScreenProps<EmailEntryParams>) {
  const [email, setEmail] = useState(typeof params.email === 'string' ? params.email : '')
  // A user who already has an address cannot link another: said before anything is typed or sent.
  const [error, setError] = useState<string | null>(() =>
    typeof params.error === 'string' ? params.error : (codeEntryFor(ctx, emailCodeEntry).linkRefusal()?.message ?? null),
  )
  const [busy, setBusy] = useState(false)
  const t = ctx.t

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const address = email.trim()
    const problem = validateEmail(address, ctx.config()?.server.disable_plus_emails ?? false)
    if (problem) {
      setError(t(problem))
      return
    }
    setBusy(true)
    setError(null)
    const entry = codeEntryFor(ctx, emailCodeEntry)
    try {
      // Asking again from this screen sends again; the server's per-address limit applies.
      await entry.send(address, { restart: true })
      const oldAddress = typeof params.oldAddress === 'string' && params.oldAddress ? params.oldAddress : undefined
      ctx.navigate('email/code', oldAddress ? { email: address, oldAddress } : { email: address })
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
      <TextInput
        label={t('EMAIL_INPUT_LABEL')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('EMAIL_INPUT_PLACEHOLDER')}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value)
          if (error) setError(null)
        }}
        error={error}
        icon={
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M4 6h16a1 1 0 0 1 1 1v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a1 1 0 0 1 1-1Zm0 1 8 6 8-6" />
          </svg>
        }
        trailing={
          <Button type="submit" size="sm" variant={email.trim() ? 'primary' : 'ghost'} fullWidth={false} loading={busy} disabled={!email.trim()}>
            {t('EMAIL_SUBMIT')}
          </Button>
        }
      />
    </form>
  )
}

/**
 * The email entry screen (also rendered inline by the landing screen, with `params.inline`).
 * @param props - screen props with {@link EmailEntryParams}.
 * @returns the form, wrapped in a screen layout unless inline.
 * @example
 * ```ts
 * kernel.navigate('email/entry')
 * ```
 */
export default function EmailEntry(props: ScreenProps<EmailEntryParams>) {
  if (props.params.inline) return <EmailForm {...props} />
  const t = props.ctx.t
  return (
    <Screen
      icon="mail"
      title={t(props.params.oldAddress ? 'EMAIL_UPDATE_TITLE' : props.ctx.intent() === 'link' ? 'EMAIL_LINK_TITLE' : 'EMAIL_ENTRY_TITLE')}
      subtitle={props.params.oldAddress ? t('EMAIL_UPDATE_SUBTITLE', { email: props.params.oldAddress }) : t('EMAIL_ENTRY_SUBTITLE')}
    >
      <EmailForm {...props} />
    </Screen>
  )
}
