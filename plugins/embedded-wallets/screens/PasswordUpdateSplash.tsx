/**
 * The password update splash (`embedded-wallets/password-update-splash`): 'Secure Your Account'
 * invites a user on automatic recovery to add a password. 'Add password' opens the password wizard
 * in update mode; 'Not now' cancels the step.
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { EMBEDDED_WALLET_SCREENS } from './ids'
import type { RecoveryFlowParams } from './recovery-flow'
import { Badge, textsOf } from './parts'

/**
 * The splash screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.passwordUpdateSplash })
 * ```
 */
export default function PasswordUpdateSplash({ ctx, params, navigate, cancelStep }: ScreenProps<RecoveryFlowParams>) {
  const t = textsOf(ctx)
  return (
    <Screen
      icon={<Badge glyph="shield" />}
      title={t('EMBEDDED_SPLASH_TITLE')}
      subtitle={t('EMBEDDED_SPLASH_DETAIL')}
      footer={
        <>
          <Button onClick={() => navigate(EMBEDDED_WALLET_SCREENS.passwordCreate, { ...params, update: true })}>{t('EMBEDDED_SPLASH_ADD')}</Button>
          <Button variant="ghost" fullWidth onClick={cancelStep}>
            {t('EMBEDDED_NOT_NOW')}
          </Button>
        </>
      }
    />
  )
}
