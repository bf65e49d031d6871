/**
 * User limit reached (`max_accounts_reached`): 'Unable to sign in', with 'Go back'.
 * @module
 */
import type { ScreenProps } from '../context'
import { Screen } from '../components/Screen'
import { Button } from '../components/Button'
import { toLanding } from './shared'

/**
 * The user-limit screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('portico/user-limit')
 * ```
 */
export default function UserLimit({ ctx, navigate }: ScreenProps) {
  const t = ctx.t
  return (
    <Screen
      icon="warning"
      title={t('PORTICO_USER_LIMIT_TITLE')}
      subtitle={t('PORTICO_UI_USER_LIMIT_DETAIL')}
      footer={<Button onClick={() => toLanding(navigate)}>{t('PORTICO_USER_LIMIT_CTA')}</Button>}
    />
  )
}
