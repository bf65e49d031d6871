/**
 * The host page of the transfer-from-wallet browser tests run outside the demo (the bridge, a USDC
 * transfer): email login, injected EVM and Solana wallets, 'Transfer from wallet'
 * with bridging on and, when the page names a quote stand-in (`bridge-api-url`, also its testnet
 * base under `/testnets`), the bridge. Two local chains, both flagged as testnets: 'Anvil' (31337),
 * the chain being funded, and 'Anvil Two' (31338), where a bridging wallet's funds are; Solana devnet
 * for Solana wallets, or, when the page names a local cluster (`solana-url`), that cluster as
 * Solana's mainnet-beta ('Solana', the app's own RPC URL for it), where quote services bridge.
 * 'Add funds' funds the page's wallet with 0.05 ETH on Anvil, or 0.05 USDC with `asset=USDC` (the
 * `usdc` and `usdc-two` meta tags name each chain's USDC contract, a 6-decimals test token); a
 * Solana wallet (a base58 address) is funded with 0.05 SOL or USDC on mainnet-beta.
 */
import { email } from 'portico/plugins/email'
import { injected } from 'portico/plugins/injected'
import { solana } from 'portico/plugins/solana'
import { funding, useFundWallet } from 'portico/plugins/funding'
import { fundingWallet } from 'portico/plugins/funding-wallet'
import { fundingBridge } from 'portico/plugins/funding-bridge'
import { meta, mountHostPage, SignedIn, useOutcome } from '../../support/host-page-main'

const ANVIL = 'eip155:31337'
const ANVIL_TWO = 'eip155:31338'
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

function Host() {
  const { fundWallet } = useFundWallet()
  const [outcome, run] = useOutcome()
  const fund = () =>
    run(async () => {
      const wallet = meta('wallet')
      const asset = meta('asset') === 'USDC' ? 'USDC' : 'native-currency'
      const where = wallet.startsWith('0x') ? { chain: ANVIL } : { cluster: { name: 'mainnet-beta' as const } }
      const result = await fundWallet(wallet, { ...where, amount: '0.05', asset })
      return `${result.status} ${result.method ?? '-'} ${JSON.stringify(result.details ?? {})}`
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
    appId: meta('app'),
    apiUrl: meta('portico-api-url'),
    config: {
      supportedChains: [
        { id: ANVIL, name: 'Anvil', rpcUrls: [meta('anvil-url')], nativeCurrency: ether, testnet: true },
        ...(meta('anvil-two-url') ? [{ id: ANVIL_TWO, name: 'Anvil Two', rpcUrls: [meta('anvil-two-url')], nativeCurrency: ether, testnet: true }] : []),
        meta('solana-url')
          ? // A local cluster posing as mainnet-beta: the app points the cluster at its own RPC URL, as an app with a private RPC does.
            { id: 'solana:mainnet-beta', name: 'Solana', rpcUrls: [meta('solana-url')], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }
          : // Never read: a Solana wallet paying from devnet is refused before any call.
            { id: 'solana:devnet', name: 'Solana Devnet', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
      ],
      appearance: { theme: (meta('theme') as 'light' | 'dark' | '') || 'light' },
    },
    plugins: [
      email(),
      injected(),
      solana({ phantomWhenMissing: false }),
      funding({ crossChainBridgingEnabled: true, usdcAddresses: { ...(meta('usdc') ? { [ANVIL]: meta('usdc') } : {}), ...(meta('usdc-two') ? { [ANVIL_TWO]: meta('usdc-two') } : {}) } }),
      fundingWallet(),
      ...(meta('bridge-api-url') ? [fundingBridge({ apiUrl: meta('bridge-api-url'), testnetApiUrl: `${meta('bridge-api-url')}/testnets` })] : []),
    ],
  },
  <Host />,
)
