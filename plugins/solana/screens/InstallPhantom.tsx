/**
 * Install Phantom: shown when the visitor picks Phantom and it is not in this browser.
 * @module
 */
import { css } from '../../../styled-system/css'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Link } from '../../../ui/components/Link'
import { PHANTOM_DOWNLOAD_URL, PhantomIcon } from './PhantomIcon'

/**
 * The install screen (`solana/install-phantom`).
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('solana/install-phantom')
 * ```
 */
export default function InstallPhantom({ ctx }: ScreenProps) {
  const t = ctx.t
  return (
    <Screen
      icon={<PhantomIcon />}
      title={t('SOLANA_INSTALL_TITLE')}
      subtitle={t('SOLANA_INSTALL_DETAIL')}
      footer={
        <>
          <Button onClick={() => window.open(PHANTOM_DOWNLOAD_URL, '_blank', 'noopener,noreferrer')}>
            {t('SOLANA_INSTALL_PHANTOM_CTA')}
          </Button>
          <p className={css({ textAlign: 'center', fontSize: '14px', color: 'fg.muted' })}>
            <Link href="https://phantom.app/learn">{t('SOLANA_LEARN_MORE')}</Link>
          </p>
        </>
      }
    />
  )
}
