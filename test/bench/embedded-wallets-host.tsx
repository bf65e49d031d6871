/**
 * The page the embedded wallet's time budgets are measured on: the email-only page with the
 * embedded wallet, created after login for users without one, signing without screens, and a host
 * component listing it with `useEmbeddedWallets()`. For the bench it records when the wallet is
 * first listed (`window.benchWallet.listedAt`, `performance.now()` of the commit that shows it)
 * and hands out the wallet's EIP-1193 provider.
 */
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { renderHostPage } from './host-page'
import { BenchWalletProbe } from './wallet-probe'

export type { BenchWallet } from './wallet-probe'

renderHostPage([email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' }, showWalletUIs: false })], <BenchWalletProbe />)
