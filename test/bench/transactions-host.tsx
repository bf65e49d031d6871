/**
 * The page the transaction time budgets are measured on: the embedded wallet, created after login,
 * with the transactions plugin's screens, on the local chain the bench starts (`?anvil=<url>`), and
 * the wallet probe (`window.benchWallet`).
 */
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { transactions } from 'portico/plugins/transactions'
import { renderHostPage } from './host-page'
import { BenchWalletProbe } from './wallet-probe'

const anvil = new URLSearchParams(location.search).get('anvil') ?? ''

renderHostPage([email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } }), transactions()], <BenchWalletProbe />, {
  supportedChains: [{ id: 'eip155:31337', name: 'Anvil', rpcUrls: [anvil], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  defaultChain: 'eip155:31337',
})
