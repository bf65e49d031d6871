/**
 * The address screen: one field, then the server mails the link and the modal moves to "check
 * your inbox". Built from `portico/react/components` only.
 * @module
 */
import { useState, type FormEvent } from 'react'
import type { ScreenProps } from 'portico/react'
import { Button, Screen, TextInput } from 'portico/react/components'
import { LOGIN_ABORTED_CODE } from 'portico/kernel'
import { SCREENS, sendLink } from '../flow'

/** A light check before the server's: something@something. */
const looksLikeAddress = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)

/**
 * The magic-link entry screen.
 * @param props - the screen props (`params.email` prefills the field).
 * @returns the screen.
 */
export default function MagicLinkEntry({ ctx, params }: ScreenProps<{ email?: string }>) {
  const t = ctx.t
  const [email, setEmail] = useState(typeof params.email === 'string' ? params.email : '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const address = email.trim()
    if (busy) return
    if (!looksLikeAddress(address)) {
      setError(t('MAGIC_LINK_INVALID_ADDRESS'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      await sendLink(ctx, address)
      ctx.navigate(SCREENS.sent, { email: address })
    } catch (err) {
      setBusy(false)
      const resolved = ctx.resolveError(err, { step: 'send' })
      if (resolved.code === LOGIN_ABORTED_CODE) return // the user left the captcha step
      if (resolved.reaction.screen && !resolved.reaction.inline) ctx.navigate(resolved.reaction.screen, { code: resolved.code, message: resolved.message })
      else setError(resolved.message)
    }
  }

  return (
    <Screen icon="mail" title={t('MAGIC_LINK_ENTRY_TITLE')} subtitle={t('MAGIC_LINK_ENTRY_SUBTITLE')}>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('MAGIC_LINK_INPUT_LABEL')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('MAGIC_LINK_INPUT_PLACEHOLDER')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            if (error) setError(null)
          }}
          error={error}
          trailing={
            <Button type="submit" size="sm" fullWidth={false} loading={busy} disabled={!email.trim()}>
              {t('MAGIC_LINK_SUBMIT')}
            </Button>
          }
        />
      </form>
    </Screen>
  )
}
