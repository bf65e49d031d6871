/**
 * Shown while a link's token is spent, after the page opened from the link.
 * @module
 */
import type { ScreenProps } from 'portico/react'
import { Screen, Spinner } from 'portico/react/components'

/**
 * The magic-link verifying screen.
 * @param props - the screen props.
 * @returns the screen.
 */
export default function MagicLinkVerify({ ctx }: ScreenProps) {
  return <Screen title={ctx.t('MAGIC_LINK_VERIFYING')} icon={<Spinner size={32} label={ctx.t('MAGIC_LINK_VERIFYING')} />} />
}
