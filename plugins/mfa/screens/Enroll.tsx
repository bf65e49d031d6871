/**
 * MFA enrolment (spec 02 §2 'Multi-factor'): the intro 'Transaction Protection' with Continue and
 * 'Not now', then the choice among the app's methods. An enrolled method shows 'Enabled' and
 * Remove (a confirmation); another opens its plugin's enrolment screens, after a verification with
 * an enrolled method when there is one (spec 02 §5).
 * @module
 */
import { useState } from 'react'
import { usePorticoState, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { mfaOf } from '../methods'
import { MFA_SCREENS } from '../controller'
import { MethodTile, ShieldIcon, mfaErrorText } from './shared'

/** Params of the enrolment screen. */
export interface MfaEnrollParams extends Record<string, unknown> {
  /** Show the method choice (Continue on the intro opens it as the next screen, so Back returns to the intro). */
  skipIntro?: boolean
}

/**
 * The enrolment screen.
 * @param props - screen props with {@link MfaEnrollParams}.
 * @returns the screen.
 * @example
 * ```ts
 * await mfaOf(ctx).enroll() // opens 'mfa/enroll' as a step
 * ```
 */
export default function MfaEnroll({ ctx, params, navigate, cancelStep, resolveStep }: ScreenProps<MfaEnrollParams>) {
  const t = ctx.t
  const mfa = mfaOf(ctx)
  // Re-render when an enrolment or removal changed the user.
  usePorticoState((s) => s.session.user)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (params.skipIntro !== true) {
    return (
      <Screen
        icon={<ShieldIcon />}
        title={t('MFA_INTRO_TITLE')}
        subtitle={t('MFA_INTRO_SUBTITLE')}
        footer={
          <div className={r.stackTight}>
            <Button onClick={() => navigate(MFA_SCREENS.enroll, { skipIntro: true })}>{t('MFA_CONTINUE')}</Button>
            <Button variant="secondary" onClick={cancelStep}>
              {t('MFA_NOT_NOW')}
            </Button>
          </div>
        }
      >
        <ul className={r.list}>
          <li className={r.listRow}>{t('MFA_INTRO_POINT_SIGN')}</li>
          <li className={r.listRow}>{t('MFA_INTRO_POINT_STOLEN')}</li>
        </ul>
      </Screen>
    )
  }

  const enrolled = new Set(mfa.enrolled().map((m) => m.id))
  const methods = mfa.available()
  async function add(id: string, screen: string) {
    setBusy(id)
    setError(null)
    try {
      await mfa.authorizeChange()
      navigate(screen)
    } catch (e) {
      setError(mfaErrorText(ctx, e))
    } finally {
      setBusy(null)
    }
  }
  return (
    <Screen
      icon={<ShieldIcon />}
      title={t('MFA_CHOOSE_TITLE')}
      subtitle={t(methods.length ? 'MFA_CHOOSE_SUBTITLE' : 'MFA_NO_METHODS')}
      footer={<Button variant="secondary" onClick={resolveStep}>{t('MFA_DONE')}</Button>}
    >
      <div className={r.stackTight}>
        {methods.map((m) =>
          enrolled.has(m.id) ? (
            <div key={m.id} className={r.card}>
              <div className={r.row}>
                <strong className={r.text}>{t(m.label)}</strong>
                <span className={r.badge}>{t('MFA_ENROLLED')}</span>
                <span style={{ flex: 1 }} />
                <Button variant="ghost" size="sm" aria-label={t('MFA_REMOVE_NAMED', { method: t(m.label) })} onClick={() => navigate(MFA_SCREENS.remove, { method: m.id })}>
                  {t('MFA_REMOVE')}
                </Button>
              </div>
            </div>
          ) : (
            <MethodTile key={m.id} ctx={ctx} method={m} disabled={busy !== null} onClick={() => void add(m.id, m.enrollScreen)} />
          ),
        )}
      </div>
      {error ? <ErrorText>{error}</ErrorText> : null}
    </Screen>
  )
}
