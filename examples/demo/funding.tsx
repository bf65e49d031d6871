/**
 * The demo's funding panel (with `?funding=on`, which also registers the funding plugins): fund
 * the user's embedded Ethereum or Solana wallet through `useFundWallet()`, with an optional amount
 * and asset, and the result printed.
 */
import { useState } from 'react'
import { useEmbeddedWallets } from 'portico/plugins/embedded-wallets'
import { funding, useFundWallet, type FundingResult, type FundWalletOptions } from 'portico/plugins/funding'
import { fundingMoonpay } from 'portico/plugins/funding-moonpay'
import { fundingCoinbase } from 'portico/plugins/funding-coinbase'
import { fundingReceive } from 'portico/plugins/funding-receive'
import { fundingWallet } from 'portico/plugins/funding-wallet'

/** Whether the page registers the funding plugins (`?funding=on`). */
export const fundingOn = new URLSearchParams(location.search).get('funding') === 'on'

const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/** The local chain of an e2e run or a development setup with anvil: the card providers sell its ETH as Base's. */
const LOCAL_CHAIN = 'eip155:31337'

/**
 * The local chain's USDC: the 6-decimals test token `npm start` deploys on its anvil (the page's
 * `portico-anvil-usdc` meta tag), which 'Transfer from wallet', 'Receive funds' and the card
 * providers' USDC (MoonPay `usdc`, Coinbase's USDC on `base`, minted by their stand-ins) use.
 */
const localUsdc = meta('portico-anvil-usdc')

/**
 * The cluster the panel funds Solana wallets on. With a local cluster (`npm start` runs one) the
 * funding reads it for devnet, and the card providers' sandbox sells SOL and USDC there under their
 * mainnet codes (MoonPay `sol`/`usdc_sol`, Coinbase `solana`), which the stand-ins credit on it.
 */
const LOCAL_SOLANA = 'solana:devnet'
const localSolana = meta('portico-solana-url') !== ''

/**
 * The funding method plugins the demo registers with `?funding=on`: 'Transfer from wallet' and
 * 'Receive funds' always; MoonPay and Coinbase Onramp when `npm start` runs their local stand-ins
 * or the environment names their endpoints (development mode only: it names them in the page's
 * `portico-dev-moonpay-url` and `portico-dev-coinbase-url` meta tags), so every funding method can be
 * tried locally, a completed purchase arriving on the local chain (USDC too, at the local chain's test
 * USDC that `npm start` deploys, named in `usdcAddresses`); one card provider at a time
 * (`?card=coinbase`, MoonPay's otherwise). `?solana-usdc=<mint>` names another mint as USDC on Solana
 * devnet (`usdcAddresses`), such as a Token-2022 mint of the local cluster.
 * @returns the plugins (none without `?funding=on`).
 */
export function fundingPlugins() {
  if (!fundingOn) return []
  const moonpayUrl = meta('portico-dev-moonpay-url')
  const coinbaseUrl = meta('portico-dev-coinbase-url')
  const params = new URLSearchParams(location.search)
  // Both providers offer 'Pay with card': `?card=coinbase` picks Coinbase's, MoonPay's otherwise.
  const card = params.get('card') === 'coinbase' ? 'coinbase' : 'moonpay'
  const solanaUsdc = params.get('solana-usdc')
  const addresses = { ...(localUsdc ? { [LOCAL_CHAIN]: localUsdc } : {}), ...(solanaUsdc ? { 'solana:devnet': solanaUsdc } : {}) }
  const usdc = Object.keys(addresses).length ? { usdcAddresses: addresses } : {}
  const options = moonpayUrl && coinbaseUrl ? { options: [{ method: 'card', provider: card }, { method: 'exchange' }, { method: 'wallets' }, { method: 'manual' }] as const } : {}
  return [
    ...(moonpayUrl && coinbaseUrl ? [funding({ ...options, ...usdc })] : 'usdcAddresses' in usdc ? [funding(usdc)] : []),
    fundingWallet(),
    fundingReceive(),
    ...(moonpayUrl
      ? [fundingMoonpay({ apiUrl: moonpayUrl, useSandbox: true, currencyCodes: { [LOCAL_CHAIN]: { native: 'eth', ...(localUsdc ? { USDC: 'usdc' } : {}) }, ...(localSolana ? { [LOCAL_SOLANA]: { native: 'sol', USDC: 'usdc_sol' } } : {}) } })]
      : []),
    ...(coinbaseUrl ? [fundingCoinbase({ payUrl: coinbaseUrl, networks: { [LOCAL_CHAIN]: 'base', ...(localSolana ? { [LOCAL_SOLANA]: 'solana' } : {}) } })] : []),
  ]
}

function describe(result: FundingResult): string {
  const details = result.details ? ` ${JSON.stringify(result.details)}` : ''
  return `${result.status} ${result.method ?? '-'} ${result.request.amount ?? '-'}${details}`
}

/**
 * The panel.
 * @param props - the local chain to fund on (the e2e run's anvil), if any.
 * @returns the panel, or nothing until the user has an embedded wallet.
 */
export function FundingPanel({ chain }: { chain: string | null }) {
  const { wallets } = useEmbeddedWallets()
  const { fundWallet } = useFundWallet()
  const [amount, setAmount] = useState('')
  const [asset, setAsset] = useState<'native-currency' | 'USDC'>('native-currency')
  const [outcome, setOutcome] = useState('')
  if (wallets.length === 0) return null
  const fund = (address: string, options: FundWalletOptions) => {
    setOutcome('')
    fundWallet(address, { ...options, ...(amount ? { amount } : {}), asset }).then(
      (result) => setOutcome(describe(result)),
      (error: Error) => setOutcome(`error ${error.message}`),
    )
  }
  const evm = wallets.find((w) => w.chainType === 'ethereum')
  const solana = wallets.find((w) => w.chainType === 'solana')
  return (
    <p>
      <input aria-label="Funding amount" placeholder="0.05" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <select aria-label="Funding asset" value={asset} onChange={(e) => setAsset(e.target.value as 'native-currency' | 'USDC')}>
        <option value="native-currency">Native currency</option>
        <option value="USDC">USDC</option>
      </select>
      {evm ? (
        <button type="button" className="secondary" onClick={() => fund(evm.address, chain ? { chain } : {})}>
          Fund the Ethereum wallet
        </button>
      ) : null}
      {solana ? (
        <button type="button" className="secondary" onClick={() => fund(solana.address, { cluster: { name: 'devnet' } })}>
          Fund the Solana wallet
        </button>
      ) : null}
      <span data-testid="funding-result">{outcome}</span>
    </p>
  )
}
