/**
 * "Check your inbox": where the link went, how long it works, and a way to send another or use
 * another address. Built from `portico/react/components` only.
 * @module
 */
import { useState } from 'react'
import type { ScreenProps } from 'portico/react'
import { Button, ErrorText, Screen, porticoRecipes } from 'portico/react/components'
import { LOGIN_ABORTED_CODE } from 'portico/kernel'
import { SCREENS, sendLink } from '../flow'

/** The link lifetime the server announces (`magic_link_ttl_minutes`), else the plugin's default. */
function minutesOf(server: unknown): number {
  const value = (server as { magic_link_ttl_minutes?: unknown } | undefined)?.magic_link_ttl_minutes
  return typeof value === 'number' ? value : 15
}

/**
 * The magic-link sent screen.
 * @param props - the screen props; `params.email` is the address the link went to.
 * @returns the screen.
 */
export default function MagicLinkSent({ ctx, params }: ScreenProps<{ email: string }>) {
  const t = ctx.t
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null)

  const resend = async () => {
    setBusy(true)
    setNote(null)
    try {
      await sendLink(ctx, params.email)
      setNote({ text: t('MAGIC_LINK_RESENT'), error: false })
    } catch (err) {
      const resolved = ctx.resolveError(err, { step: 'send' })
      if (resolved.code !== LOGIN_ABORTED_CODE) setNote({ text: resolved.message, error: true })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Screen
      icon="mail"
      title={t('MAGIC_LINK_SENT_TITLE')}
      subtitle={t('MAGIC_LINK_SENT_SUBTITLE', { email: params.email, minutes: minutesOf(ctx.config()?.server) })}
      footer={
        <>
          <Button variant="secondary" loading={busy} onClick={resend}>
            {t('MAGIC_LINK_RESEND')}
          </Button>
          <Button variant="ghost" onClick={() => ctx.navigate(SCREENS.entry, { email: params.email }, { replace: true })}>
            {t('MAGIC_LINK_OTHER_ADDRESS')}
          </Button>
        </>
      }
    >
      {note ? (
        note.error ? (
          <ErrorText center>{note.text}</ErrorText>
        ) : (
          <p role="status" className={porticoRecipes.muted}>
            {note.text}
          </p>
        )
      ) : null}
    </Screen>
  )
}
