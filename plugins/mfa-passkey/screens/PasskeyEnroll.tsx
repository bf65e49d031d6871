/**
 * Passkey MFA enrolment (spec 02 §2): an intro, the user's passkeys to pick from (2 shown until
 * 'View all'; 'Create a passkey' when there is none), success. The enrolment call carries the fresh
 * MFA token when the user already had a method enrolled (the MFA core verified first).
 * @module
 */
import { useState } from 'react'
import { usePorticoState, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { mfaOf } from '../../mfa'
import { addPasskey, passkeysOf, PASSKEY_ICON_PATH, type PasskeyAccount } from '../../passkey'
import { IconBadge, BadgeGlyph } from '../../../ui/components/IconBadge'
import { mfaPasskeyRoutes } from '../api'
import { MFA_PASSKEYS_COLLAPSED } from '../method'

/**
 * The enrolment screen.
 * @param props - screen props (no params).
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('mfa-passkey/enroll')
 * ```
 */
export default function PasskeyEnroll({ ctx, resolveStep }: ScreenProps) {
  const t = ctx.t
  const user = usePorticoState((s) => s.session.user)
  const passkeys = passkeysOf(user)
  const [phase, setPhase] = useState<'intro' | 'list' | 'done'>('intro')
  const [expanded, setExpanded] = useState(false)
  const [picked, setPicked] = useState<Set<string> | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorText = (e: unknown) => ctx.resolveError(e, { method: 'mfa' }).message
  const chosen = picked ?? new Set(passkeys.map((p) => p.credential_id))
  const nameOf = (p: PasskeyAccount) =>
    p.label ?? p.authenticator_name ?? (p.created_with_browser && p.created_with_os ? t('MFA_PASSKEY_NAME_FROM', { browser: p.created_with_browser, os: p.created_with_os }) : t('MFA_PASSKEY_DEFAULT_NAME'))

  async function run(work: () => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  const create = () =>
    run(async () => {
      const created = await addPasskey(ctx)
      await ctx.refreshSession()
      setPicked(new Set([...chosen, ...passkeysOf(created).map((p) => p.credential_id)]))
    })
  const enroll = () =>
    run(async () => {
      await ctx.api.request(mfaPasskeyRoutes.enrollment, { credential_ids: [...chosen] }, { headers: mfaOf(ctx).changeHeaders() })
      await ctx.refreshSession()
      setPhase('done')
    })

  const icon = (
    <IconBadge>
      <BadgeGlyph path={PASSKEY_ICON_PATH} />
    </IconBadge>
  )
  if (phase === 'done') {
    return <Screen icon="success" title={t('MFA_PASSKEY_ADDED_TITLE')} subtitle={t('MFA_PASSKEY_ADDED_SUBTITLE')} footer={<Button onClick={resolveStep}>{t('MFA_DONE')}</Button>} />
  }
  if (phase === 'intro') {
    return <Screen icon={icon} title={t('MFA_PASSKEY_INTRO_TITLE')} subtitle={t('MFA_PASSKEY_INTRO_SUBTITLE')} footer={<Button onClick={() => setPhase('list')}>{t('MFA_CONTINUE')}</Button>} />
  }
  const shown = expanded ? passkeys : passkeys.slice(0, MFA_PASSKEYS_COLLAPSED)
  return (
    <Screen
      icon={icon}
      title={t('MFA_PASSKEY_LIST_TITLE')}
      subtitle={t(passkeys.length ? 'MFA_PASSKEY_LIST_SUBTITLE' : 'MFA_PASSKEY_NONE')}
      footer={
        <div className={r.stackTight}>
          {passkeys.length ? (
            <Button loading={busy} disabled={chosen.size === 0} onClick={() => void enroll()}>
              {t('MFA_PASSKEY_ENROLL')}
            </Button>
          ) : null}
          <Button variant={passkeys.length ? 'secondary' : 'primary'} loading={busy && !passkeys.length} disabled={busy} onClick={() => void create()}>
            {t('MFA_PASSKEY_CREATE')}
          </Button>
        </div>
      }
    >
      {passkeys.length ? (
        <ul className={r.list}>
          {shown.map((p) => (
            <li key={p.credential_id} className={r.listRow}>
              <label className={r.row} style={{ cursor: 'pointer', width: '100%' }}>
                <input
                  type="checkbox"
                  checked={chosen.has(p.credential_id)}
                  disabled={busy}
                  onChange={(e) => {
                    const next = new Set(chosen)
                    if (e.target.checked) next.add(p.credential_id)
                    else next.delete(p.credential_id)
                    setPicked(next)
                  }}
                />
                <span className={r.truncate}>{nameOf(p)}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {!expanded && passkeys.length > MFA_PASSKEYS_COLLAPSED ? (
        <Button variant="ghost" size="sm" onClick={() => setExpanded(true)}>
          {t('MFA_PASSKEY_VIEW_ALL')}
        </Button>
      ) : null}
      {error ? <ErrorText center>{error}</ErrorText> : null}
    </Screen>
  )
}
