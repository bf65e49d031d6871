/**
 * Automatic recovery (`embedded-wallets/automatic-recovery`): 'Automatically secure your account'.
 * Continue keeps (or sets) automatic recovery: when creating, the wallets are created with it;
 * when updating, the wallet's recovery becomes automatic. 'Why secure my account' leads to the
 * user-owned backups.
 * @module
 */
import { useState } from 'react'
import { porticoRecipes as r } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { Link } from '../../../ui/components/Link'
import { embeddedWalletsOf } from '../service'
import { EMBEDDED_WALLET_SCREENS } from './ids'
import { applyRecovery, type RecoveryFlowParams } from './recovery-flow'
import { Badge, SlowNotice, appName, failureText, textsOf, useSlow } from './parts'

/**
 * The automatic-recovery screen.
 * @param props - screen props with the flow's {@link RecoveryFlowParams}.
 * @returns the screen.
 * @example
 * ```ts
 * await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.automaticRecovery, params: { update: true } })
 * ```
 */
export default function AutomaticRecovery(props: ScreenProps<RecoveryFlowParams>) {
  const { ctx, params, navigate, resolveStep, isShown } = props
  const t = textsOf(ctx)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const slow = useSlow(ctx, busy)

  const confirm = async () => {
    if (!params.update) {
      navigate(EMBEDDED_WALLET_SCREENS.create, { ...params, recovery: 'privy' }, { replace: true })
      return
    }
    const service = embeddedWalletsOf(ctx)
    if (service.wallets()[0]?.recoveryMethod === 'privy') return resolveStep()
    setBusy(true)
    setError(null)
    try {
      await applyRecovery(service, params, { method: 'privy' })
      if (isShown()) resolveStep()
    } catch (err) {
      if (!isShown()) return
      setBusy(false)
      setError(failureText(props, t, err))
    }
  }

  return (
    <Screen
      icon={<Badge glyph="shieldCheck" />}
      title={t('EMBEDDED_AUTOMATIC_TITLE')}
      subtitle={t('EMBEDDED_AUTOMATIC_DETAIL', { app: appName(ctx) })}
      footer={
        <>
          <ErrorText center>{error}</ErrorText>
          <Button loading={busy} onClick={() => void confirm()}>
            {t('EMBEDDED_CONTINUE')}
          </Button>
          <p className={r.center} style={{ fontSize: 14, marginTop: 4 }}>
            <Link disabled={busy} onClick={() => navigate(EMBEDDED_WALLET_SCREENS.whySecure, params)}>
              {t('EMBEDDED_WHY_LINK')}
            </Link>
          </p>
          <SlowNotice slow={slow}>{t('EMBEDDED_SLOW')}</SlowNotice>
        </>
      }
    />
  )
}
