/**
 * The host page of the funding providers' browser test: email login, the MoonPay and Coinbase
 * funding methods pointed at the stand-ins named by the page's meta tags, and anvil as the chain
 * being funded ('Add funds' funds the page's wallet with 0.05 ETH and prints the result).
 */
import { email } from 'portico/plugins/email'
import { funding, useFundWallet } from 'portico/plugins/funding'
import { fundingMoonpay } from 'portico/plugins/funding-moonpay'
import { fundingCoinbase } from 'portico/plugins/funding-coinbase'
import { meta, mountHostPage, queryTheme, SignedIn, useOutcome } from '../../support/host-page-main'

const ANVIL = 'eip155:31337'
const wallet = meta('funding-wallet')

function Host() {
  const { fundWallet } = useFundWallet()
  const [outcome, run] = useOutcome()
  const fund = () =>
    run(async () => {
      const result = await fundWallet(wallet, { chain: ANVIL, amount: '0.05' })
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
      supportedChains: [{ id: ANVIL, name: 'Anvil', rpcUrls: [meta('portico-anvil-url')], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      appearance: { theme: queryTheme() },
    },
    plugins: [
      email(),
      funding({ options: [{ method: 'card', provider: meta('card-provider') || undefined }, { method: 'exchange' }] }),
      fundingMoonpay({ apiUrl: meta('moonpay-api-url'), useSandbox: true, currencyCodes: { [ANVIL]: { native: 'eth' } } }),
      fundingCoinbase({ payUrl: meta('coinbase-pay-url'), networks: { [ANVIL]: 'base' } }),
    ],
  },
  <Host />,
)
