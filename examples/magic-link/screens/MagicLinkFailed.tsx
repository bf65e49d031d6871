/**
 * Why a link could not sign the user in (the error registry's text for the plugin's code), and a
 * way to ask for a new one.
 * @module
 */
import type { ScreenProps } from 'portico/react'
import { Button, Screen } from 'portico/react/components'
import { SCREENS } from '../flow'

/**
 * The magic-link failure screen.
 * @param props - the screen props; `params.message` is the resolved error text.
 * @returns the screen.
 */
export default function MagicLinkFailed({ ctx, params }: ScreenProps<{ message?: string }>) {
  const t = ctx.t
  return (
    <Screen
      icon="error"
      title={t('MAGIC_LINK_FAILED_TITLE')}
      subtitle={typeof params.message === 'string' ? params.message : t('MAGIC_LINK_INVALID')}
      footer={<Button onClick={() => ctx.navigate(SCREENS.entry, {}, { reset: true })}>{t('MAGIC_LINK_TRY_AGAIN')}</Button>}
    />
  )
}
