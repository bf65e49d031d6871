/**
 * 'Why secure my account' (`embedded-wallets/why-secure`): why a backup the user holds matters, and
 * the ways to make one: a password, and a cloud drive or iCloud when the app lists them (shown as
 * coming later until they can run).
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { embeddedWalletsOf } from '../service'
import { recoveryChoices, screenForMethod, type RecoveryFlowParams } from './recovery-flow'
import { RecoveryOptionList } from './recovery-options'
import { Badge, textsOf } from './parts'

/**
 * The 'Why secure my account' screen.
 * @param props - screen props with the flow's {@link RecoveryFlowParams}.
 * @returns the screen.
 * @example
 * ```ts
 * navigate(EMBEDDED_WALLET_SCREENS.whySecure, params)
 * ```
 */
export default function WhySecure({ ctx, params, navigate }: ScreenProps<RecoveryFlowParams>) {
  const t = textsOf(ctx)
  const settings = embeddedWalletsOf(ctx).settings()
  // Every user-owned method the app lists, and always the password; never automatic (the screen before).
  const choices = recoveryChoices({ ...settings, requireUserOwnedRecoveryOnCreate: true })
  const offered = choices.some((c) => c.method === 'user-passcode') ? choices : [{ method: 'user-passcode' as const, available: true }, ...choices]
  return (
    <Screen icon={<Badge glyph="question" />} title={t('EMBEDDED_WHY_TITLE')} subtitle={t('EMBEDDED_WHY_DETAIL')}>
      <RecoveryOptionList t={t} choices={offered} label={t('EMBEDDED_RECOVERY_METHODS_LABEL')} onPick={(method) => {
          const next = screenForMethod(method, params)
          navigate(next.screen, next.params)
        }} />
    </Screen>
  )
}
