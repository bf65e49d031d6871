/**
 * The host page of the funding providers' browser test: email login, the MoonPay and Coinbase
 * funding methods pointed at the stand-ins named by the page's meta tags, and the chain being funded:
 * anvil ('Add funds' funds the page's wallet with 0.05 ETH), or with `funding-chain=solana` Solana's
 * mainnet-beta, which the app points at the local cluster (its `supportedChains` entry carries the
 * cluster's RPC URL), in SOL or, with `funding-asset=USDC`, USDC. Anvil's USDC is the test token the
 * page's `anvil-usdc` meta names (`usdcAddresses`), sold as MoonPay's `usdc` and Coinbase's USDC on
 * `base`. The result is printed.
 */
import { email } from 'portico/plugins/email'
import { funding, useFundWallet, type FundWalletOptions } from 'portico/plugins/funding'
import { fundingMoonpay } from 'portico/plugins/funding-moonpay'
import { fundingCoinbase } from 'portico/plugins/funding-coinbase'
import { meta, mountHostPage, queryTheme, SignedIn, useOutcome } from '../../support/host-page-main'

const ANVIL = 'eip155:31337'
const wallet = meta('funding-wallet')
const onSolana = meta('funding-chain') === 'solana'
const asset = meta('funding-asset') === 'USDC' ? 'USDC' : 'native-currency'
const options: FundWalletOptions = onSolana ? { cluster: { name: 'mainnet-beta' }, amount: '0.05', asset } : { chain: ANVIL, amount: '0.05', asset }

function Host() {
  const { fundWallet } = useFundWallet()
  const [outcome, run] = useOutcome()
  const fund = () =>
    run(async () => {
      const result = await fundWallet(wallet, options)
      return `${result.status} ${result.method ?? '-'} ${result.request.amount ?? '-'}`
    })
  return (
    <SignedIn>
      <button onClick={fund}>Add funds</button>
      <p data-testid="funding-result">{outcome}</p>
    </SignedIn>
  )
}

mountHostPage(
  {
    appId: meta('portico-app-id'),
    apiUrl: meta('portico-api-url'),
    config: {
      supportedChains: [
        { id: ANVIL, name: 'Anvil', rpcUrls: [meta('portico-anvil-url')], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
        // The local cluster posing as mainnet-beta, where the providers sell: the app names its own RPC URL for it.
        { id: 'solana:mainnet-beta', name: 'Solana', rpcUrls: [meta('portico-solana-url')], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
      ],
      appearance: { theme: queryTheme() },
    },
    plugins: [
      email(),
      funding({ options: [{ method: 'card', provider: meta('card-provider') || undefined }, { method: 'exchange' }], usdcAddresses: { [ANVIL]: meta('anvil-usdc') } }),
      // MoonPay's and Coinbase's own codes for Solana's mainnet-beta (`sol`, `usdc_sol`; `solana`) are their defaults.
      fundingMoonpay({ apiUrl: meta('moonpay-api-url'), useSandbox: true, currencyCodes: { [ANVIL]: { native: 'eth', USDC: 'usdc' } } }),
      fundingCoinbase({ payUrl: meta('coinbase-pay-url'), networks: { [ANVIL]: 'base' } }),
    ],
  },
  <Host />,
)
