/**
 * The install wallet screen (`wallets/install`): for a visitor without a wallet, where to
 * get one and a learn-more link; back to the list once one is installed.
 * @module
 */
import { porticoRecipes as r } from '../../../ui/styles'
import { IconBadge } from '../../../ui/components/IconBadge'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button, buttonRecipe } from '../../../ui/components/Button'
import { Link } from '../../../ui/components/Link'
import { WALLET_SCREENS } from '../ids'
import { WalletIcon } from './parts'

/** Params of the install screen. */
export interface InstallWalletParams extends Record<string, unknown> {
  /** Which kind of wallet to suggest. @defaultValue 'ethereum' */
  chainType?: 'ethereum' | 'solana'
  /** A particular wallet to install (its name), with its download page in `url`. */
  name?: string
  url?: string
  icon?: string
}

/** Where to learn about wallets, per chain type. */
export const WALLET_LEARN_MORE_URLS = {
  ethereum: 'https://ethereum.org/en/wallets/find-wallet/',
  solana: 'https://solana.com/solana-wallets',
} as const

/**
 * The install wallet screen.
 * @param props - screen props; params may name a wallet and its download page.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('wallets/install', { name: 'Phantom', url: 'https://phantom.com/download' })
 * ```
 */
export default function InstallWallet({ ctx, params }: ScreenProps<InstallWalletParams>) {
  const t = ctx.t
  const learnMore = WALLET_LEARN_MORE_URLS[params.chainType === 'solana' ? 'solana' : 'ethereum']
  const named = typeof params.name === 'string' && typeof params.url === 'string'
  return (
    <Screen
      icon={
        <IconBadge size={64}>
          <WalletIcon icon={params.icon} size={32} />
        </IconBadge>
      }
      title={named ? t('PORTICO_INSTALL_NAMED_WALLET_TITLE', { wallet: params.name! }) : t('PORTICO_INSTALL_WALLET_TITLE')}
      subtitle={t('PORTICO_INSTALL_WALLET_DETAIL')}
      footer={
        <div className={r.stackTight}>
          {named ? (
            <a className={buttonRecipe({ variant: 'primary' })} href={params.url} target="_blank" rel="noopener noreferrer">
              {t('PORTICO_INSTALL_WALLET_GET', { wallet: params.name! })}
            </a>
          ) : null}
          <Button variant={named ? 'ghost' : 'primary'} onClick={() => ctx.navigate(WALLET_SCREENS.list, {}, { replace: true })}>
            {t('PORTICO_INSTALL_WALLET_DONE')}
          </Button>
          <p className={r.center} style={{ fontSize: 14, marginTop: 4 }}>
            <Link href={learnMore}>{t('PORTICO_INSTALL_WALLET_LEARN_MORE')}</Link>
          </p>
        </div>
      }
    />
  )
}
