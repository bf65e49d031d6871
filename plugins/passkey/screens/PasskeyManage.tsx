/**
 * The passkey management screen: the signed-in user's passkeys (3 shown, or 2 and 'View All' when
 * there are more), each named by the user's label, else its provider (from its AAGUID) or the
 * browser and system it was made on, with its creation date; rename, unlink, 'Add new passkey'
 * (hidden at 5), 'Passkeys updated' after a change, and 'Done'. Opened by `usePasskeys().manage()`.
 * @module
 */
import { useState, type FormEvent } from 'react'
import type { Translate } from '../../../kernel'
import { usePorticoState, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { TextInput } from '../../../ui/components/TextInput'
import { porticoRecipes as r } from '../../../ui/styles'
import { passkeyRoutes } from '../api'
import { addPasskey } from '../flows'
import { canAddPasskey, MAX_PASSKEY_LABEL, passkeysOf, visiblePasskeys, type PasskeyAccount } from '../accounts'
import { outcomeOf, PasskeyIcon } from './shared'

/** Params of the management screen: none (it reads the signed-in user). */
export type PasskeyManageParams = Record<string, unknown>

type Busy = { kind: 'add' } | { kind: 'unlink' | 'label'; id: string } | null

/** What the passkey is, without the user's label: its provider (from the AAGUID), else browser and system. */
function originOf(p: PasskeyAccount, t: Translate): string {
  if (p.authenticator_name) return p.authenticator_name
  if (p.created_with_browser && p.created_with_os) return t('PASSKEY_NAME_FROM', { browser: p.created_with_browser, os: p.created_with_os })
  return p.created_with_browser ?? p.created_with_os ?? t('PASSKEY_DEFAULT_NAME')
}

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

/** The user's own name for a passkey, edited in place of its row's name. */
function LabelForm({ passkey, busy, onSave, onCancel, t }: {
  passkey: PasskeyAccount
  busy: boolean
  onSave: (label: string) => void
  onCancel: () => void
  t: Translate
}) {
  const [label, setLabel] = useState(passkey.label ?? '')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave(label.trim())
  }
  return (
    <form onSubmit={submit} className={r.stackTight} style={{ flex: 1, minWidth: 0 }}>
      <TextInput
        label={t('PASSKEY_LABEL_INPUT')}
        value={label}
        maxLength={MAX_PASSKEY_LABEL}
        placeholder={originOf(passkey, t)}
        autoFocus
        onChange={(e) => setLabel(e.target.value)}
      />
      <div className={r.row}>
        <Button type="submit" size="sm" fullWidth={false} loading={busy} disabled={busy}>
          {t('PASSKEY_LABEL_SAVE')}
        </Button>
        <Button type="button" variant="ghost" size="sm" fullWidth={false} disabled={busy} onClick={onCancel}>
          {t('PASSKEY_LABEL_CANCEL')}
        </Button>
      </div>
    </form>
  )
}

/**
 * The passkey management screen.
 * @param props - screen props (no params).
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('passkey/manage')
 * ```
 */
export default function PasskeyManage(screen: ScreenProps<PasskeyManageParams>) {
  const { ctx, close } = screen
  const t = ctx.t
  const passkeys = passkeysOf(usePorticoState((s) => s.session.user))
  const [expanded, setExpanded] = useState(false)
  const [busy, setBusy] = useState<Busy>(null)
  const [updated, setUpdated] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<string | null>(null)
  const { shown, viewAll } = visiblePasskeys(passkeys, expanded)

  async function change(kind: Busy, call: () => Promise<unknown>) {
    setBusy(kind)
    setError(null)
    try {
      // The server answers with the new user; the session refresh that follows puts it (and a fresh
      // identity token) in the store.
      await ctx.changeAccounts(call, { method: 'passkey' })
      setUpdated(true)
      setEditing(null)
    } catch (err) {
      const outcome = outcomeOf(screen, err)
      if (outcome.kind === 'navigate') {
        ctx.navigate(outcome.screen, { code: outcome.code, message: outcome.message })
        return
      }
      setError(outcome.message)
    } finally {
      setBusy(null)
    }
  }

  function unlink(p: PasskeyAccount) {
    // Refused before the round trip; the server refuses it too.
    if (p.enrolled_in_mfa) {
      setError(t('PASSKEY_CANNOT_UNLINK_MFA'))
      return
    }
    void change({ kind: 'unlink', id: p.credential_id }, () =>
      ctx.api.request(passkeyRoutes.unlink, { credential_id: p.credential_id }),
    )
  }

  function rename(p: PasskeyAccount, label: string) {
    if (label === (p.label ?? '')) {
      setEditing(null)
      return
    }
    void change({ kind: 'label', id: p.credential_id }, () => ctx.api.request(passkeyRoutes.label, { credential_id: p.credential_id, label }))
  }

  return (
    <Screen
      icon={updated ? 'success' : <PasskeyIcon />}
      // Said once: the title shows it; the status line only announces it.
      title={t(updated ? 'PASSKEY_UPDATED' : 'PASSKEY_MANAGE_TITLE')}
      subtitle={t('PASSKEY_MANAGE_SUBTITLE')}
      footer={
        <div className={r.stackTight}>
          {canAddPasskey(passkeys.length) ? (
            <Button
              variant="secondary"
              loading={busy?.kind === 'add'}
              disabled={busy !== null}
              onClick={() => void change({ kind: 'add' }, () => addPasskey(ctx))}
            >
              {t('PASSKEY_ADD')}
            </Button>
          ) : null}
          <Button onClick={close}>{t('PASSKEY_DONE')}</Button>
        </div>
      }
    >
      <div className={r.stackTight}>
        {passkeys.length === 0 ? (
          <p className={`${r.muted} ${r.center}`}>{t('PASSKEY_MANAGE_EMPTY')}</p>
        ) : (
          <ul aria-label={t('PASSKEY_MANAGE_TITLE')} className={r.list}>
            {shown.map((p) => {
              const origin = originOf(p, t)
              const name = p.label || origin
              const created = t('PASSKEY_CREATED_ON', { date: dateOf(p.first_verified_at ?? p.verified_at) })
              if (editing === p.credential_id) {
                return (
                  <li key={p.credential_id} className={r.listRow}>
                    <LabelForm
                      passkey={p}
                      busy={busy?.kind === 'label'}
                      onSave={(label) => rename(p, label)}
                      onCancel={() => setEditing(null)}
                      t={t}
                    />
                  </li>
                )
              }
              return (
                <li key={p.credential_id} className={r.listRow}>
                  {/* Name and details wrap rather than cut: the end of a name or a date is what tells rows apart. */}
                  <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <div className={r.row} style={{ fontSize: 14, fontWeight: 600 }}>
                      <span>{name}</span>
                      {p.enrolled_in_mfa ? <span className={r.badge}>{t('PASSKEY_MFA_BADGE')}</span> : null}
                    </div>
                    <div className={r.muted} style={{ fontSize: 13 }}>
                      {p.label ? t('PASSKEY_DETAIL', { name: origin, created }) : created}
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    fullWidth={false}
                    aria-label={t('PASSKEY_RENAME_NAMED', { name })}
                    disabled={busy !== null}
                    onClick={() => setEditing(p.credential_id)}
                  >
                    {t('PASSKEY_RENAME')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    fullWidth={false}
                    aria-label={t('PASSKEY_UNLINK_NAMED', { name })}
                    loading={busy?.kind === 'unlink' && busy.id === p.credential_id}
                    disabled={busy !== null}
                    onClick={() => unlink(p)}
                  >
                    {t('PASSKEY_UNLINK')}
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
        {viewAll ? (
          <Button variant="ghost" size="sm" fullWidth onClick={() => setExpanded(true)}>
            {t('PASSKEY_VIEW_ALL')}
          </Button>
        ) : null}
        <div role="status" className={r.srOnly}>
          {updated && !error ? t('PASSKEY_UPDATED') : null}
        </div>
        {error ? (
          <p role="alert" className={r.dangerText}>
            {error}
          </p>
        ) : null}
      </div>
    </Screen>
  )
}
