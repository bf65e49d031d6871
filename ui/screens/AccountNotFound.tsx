/**
 * Account not found (`user_does_not_exist`, a login with sign-up disabled): 'Try logging in again'
 * returns to the landing screen.
 * @module
 */
import type { ScreenProps } from '../context'
import { Screen } from '../components/Screen'
import { Button } from '../components/Button'
import { toLanding } from './shared'

/**
 * The account-not-found screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('portico/account-not-found')
 * ```
 */
export default function AccountNotFound({ ctx, navigate }: ScreenProps) {
  const t = ctx.t
  return (
    <Screen
      icon="warning"
      title={t('PORTICO_UI_NOT_FOUND_TITLE')}
      subtitle={t('PORTICO_UI_NOT_FOUND_DETAIL')}
      footer={<Button onClick={() => toLanding(navigate)}>{t('PORTICO_ACCOUNT_NOT_FOUND_CTA')}</Button>}
    />
  )
}
