/**
 * The passkey management screen: the signed-in user's passkeys (3 shown, or 2 and 'View All' when
 * there are more), unlink, 'Add new passkey' (hidden at 5), 'Passkeys updated' after a change, and
 * 'Done'. Opened by `usePasskeys().manage()`.
 * @module
 */
import { useState } from 'react'
import { css, cx } from '../../../styled-system/css'
import { usePorticoState, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { passkeyRoutes } from '../api'
import { addPasskey } from '../flows'
import { canAddPasskey, passkeysOf, visiblePasskeys, type PasskeyAccount } from '../accounts'
import { outcomeOf, PasskeyIcon } from './shared'

/** Params of the management screen: none (it reads the signed-in user). */
export type PasskeyManageParams = Record<string, unknown>

type Busy = { kind: 'add' } | { kind: 'unlink'; id: string } | null

function nameOf(p: PasskeyAccount, t: (k: string, v?: Record<string, string | number>) => string): string {
  if (p.authenticator_name) return p.authenticator_name
  if (p.created_with_browser && p.created_with_os) return t('PASSKEY_NAME_FROM', { browser: p.created_with_browser, os: p.created_with_os })
  return p.created_with_browser ?? p.created_with_os ?? t('PASSKEY_DEFAULT_NAME')
}

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

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
  const { shown, viewAll } = visiblePasskeys(passkeys, expanded)

  async function change(kind: Busy, call: () => Promise<unknown>) {
    setBusy(kind)
    setError(null)
    try {
      // The server answers with the new user; the session refresh that follows puts it (and a fresh
      // identity token) in the store.
      await ctx.changeAccounts(call, { method: 'passkey' })
      setUpdated(true)
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

  const row = css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border',
    borderRadius: 'md',
    textAlign: 'left',
  })

  return (
    <Screen
      icon={updated ? 'success' : <PasskeyIcon />}
      title={t(updated ? 'PASSKEY_UPDATED' : 'PASSKEY_MANAGE_TITLE')}
      subtitle={t('PASSKEY_MANAGE_SUBTITLE')}
      footer={
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
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
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {passkeys.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: '14px', textAlign: 'center' })}>{t('PASSKEY_MANAGE_EMPTY')}</p>
        ) : (
          <ul aria-label={t('PASSKEY_MANAGE_TITLE')} className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
            {shown.map((p) => {
              const name = nameOf(p, t)
              return (
                <li key={p.credential_id} className={row}>
                  <div className={css({ flex: '1', minWidth: '0' })}>
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: '14px', fontWeight: '600', color: 'fg' })}>
                      <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{name}</span>
                      {p.enrolled_in_mfa ? (
                        <span className={css({ fontSize: '11px', fontWeight: '600', px: '1.5', py: '0.5', borderRadius: 'sm', bg: 'accent.subtle', color: 'accent.text' })}>
                          {t('PASSKEY_MFA_BADGE')}
                        </span>
                      ) : null}
                    </div>
                    <div className={css({ fontSize: '13px', color: 'fg.muted' })}>
                      {t('PASSKEY_CREATED_ON', { date: dateOf(p.first_verified_at ?? p.verified_at) })}
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
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
          <button
            type="button"
            className={cx(row, css({ justifyContent: 'center', cursor: 'pointer', bg: 'transparent', color: 'accent.text', fontSize: '14px', fontWeight: '600', _hover: { bg: 'surface.hover' } }))}
            onClick={() => setExpanded(true)}
          >
            {t('PASSKEY_VIEW_ALL')}
          </button>
        ) : null}
        <div role="status" className={css({ minHeight: '20px', fontSize: '14px', textAlign: 'center', color: 'success' })}>
          {updated && !error ? t('PASSKEY_UPDATED') : null}
        </div>
        {error ? (
          <p role="alert" className={css({ fontSize: '14px', textAlign: 'center', color: 'danger' })}>
            {error}
          </p>
        ) : null}
      </div>
    </Screen>
  )
}
