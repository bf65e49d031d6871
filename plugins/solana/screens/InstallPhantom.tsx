/**
 * Install Phantom: shown when the visitor picks Phantom and it is not in this browser.
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Link } from '../../../ui/components/Link'
import { porticoRecipes as r } from '../../../ui/styles'
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
          <p className={`${r.muted} ${r.center}`}>
            <Link href="https://phantom.app/learn">{t('SOLANA_LEARN_MORE')}</Link>
          </p>
        </>
      }
    />
  )
}
