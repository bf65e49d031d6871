/**
 * The demo's funding panel (with `?funding=on`, which also registers the funding plugins): fund
 * the user's embedded Ethereum or Solana wallet through `useFundWallet()`, with an optional amount
 * and asset, and the result printed.
 */
import { useState } from 'react'
import { useEmbeddedWallets } from 'portico/plugins/embedded-wallets'
import { useFundWallet, type FundingResult, type FundWalletOptions } from 'portico/plugins/funding'

/** Whether the page registers the funding plugins (`?funding=on`). */
export const fundingOn = new URLSearchParams(location.search).get('funding') === 'on'

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
