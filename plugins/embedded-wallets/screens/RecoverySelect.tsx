/**
 * Recovery selection (`embedded-wallets/recovery-select`): the user chooses how their wallet is
 * backed up, among the app's user-owned methods and, when the app allows it, automatic recovery.
 * With a password as the only method that can run, it goes straight to the password wizard.
 * @module
 */
import { useEffect } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { embeddedWalletsOf } from '../service'
import { EMBEDDED_WALLET_SCREENS } from './ids'
import { recoveryChoices, screenForMethod, type RecoveryFlowParams } from './recovery-flow'
import { RecoveryOptionList } from './recovery-options'
import { Badge, textsOf } from './parts'

/**
 * The recovery selection screen.
 * @param props - screen props with the flow's {@link RecoveryFlowParams}.
 * @returns the screen.
 * @example
 * ```ts
 * navigate(EMBEDDED_WALLET_SCREENS.recoverySelect, { chains: ['ethereum'], initiator: 'user' })
 * ```
 */
export default function RecoverySelect({ ctx, params, navigate }: ScreenProps<RecoveryFlowParams>) {
  const t = textsOf(ctx)
  const choices = recoveryChoices(embeddedWalletsOf(ctx).settings())
  const available = choices.filter((c) => c.available)
  const only = available.length === 1 && available[0]!.method === 'user-passcode'

  useEffect(() => {
    if (only) navigate(EMBEDDED_WALLET_SCREENS.passwordCreate, params, { replace: true })
  }, [only, navigate, params])

  return (
    <Screen icon={<Badge glyph="shield" />} title={t('EMBEDDED_RECOVERY_SELECT_TITLE')} subtitle={t('EMBEDDED_RECOVERY_SELECT_DETAIL')}>
      <RecoveryOptionList
        t={t}
        choices={choices}
        label={t('EMBEDDED_RECOVERY_METHODS_LABEL')}
        onPick={(method) => {
          const next = screenForMethod(method, params)
          navigate(next.screen, next.params)
        }}
      />
    </Screen>
  )
}
