/**
 * The host page of the smart wallets' browser test: email login, the embedded wallet created on
 * login, the transaction screens, and smart wallets on the ERC-4337 anvil named by the page's meta
 * tags (its EntryPoints, the Safe contracts and thirdweb's factory). Its buttons send a sponsored
 * transfer, a batched transfer, and sign a message through the smart account, printing each result.
 */
import { useState } from 'react'
import { usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { transactions } from 'portico/plugins/transactions'
import { smartWallets, useSmartWallets, type SmartAccountContracts } from 'portico/plugins/smart-wallets'
import { meta, mountHostPage, queryTheme, SignedIn, useOutcome } from '../../support/host-page-main'

const CHAIN_ID = 31337
const contracts = JSON.parse(meta('smart-wallet-contracts') || '{}') as SmartAccountContracts
const recipients = meta('recipients').split(',') as `0x${string}`[]

function Host() {
  const { user } = usePortico()
  const { enabled, getClient } = useSmartWallets()
  const [address, setAddress] = useState('')
  const [outcome, run] = useOutcome((error: Error & { code?: string; shortMessage?: string }) => `${error.code ?? ''} ${error.shortMessage ?? error.message}`)
  const [signature, setSignature] = useState('')
  const linked = user?.linked_accounts.find((a) => a.type === 'smart_wallet') as { address?: string; smart_wallet_type?: string } | undefined
  return (
    <SignedIn>
      <p data-testid="smart-wallets-enabled">{String(enabled)}</p>
      <p data-testid="smart-wallet-linked">{linked ? `${linked.address} ${linked.smart_wallet_type}` : ''}</p>
      <button onClick={() => run(async () => { const w = await getClient(); setAddress(w.address); return `address ${w.address}` })}>Get smart wallet</button>
      <button onClick={() => run(async () => { const sent = await (await getClient()).sendTransaction({ to: recipients[0]!, value: 1000n }); return `sent ${sent.userOperationHash} ${sent.transactionHash} ${sent.sponsored}` })}>
        Send with the smart wallet
      </button>
      <button
        onClick={() =>
          run(async () => {
            const sent = await (await getClient()).sendTransaction([{ to: recipients[1]!, value: 2000n }, { to: recipients[2]!, value: 3000n }])
            return `sent ${sent.userOperationHash} ${sent.transactionHash} ${sent.sponsored}`
          })
        }
      >
        Send a batch
      </button>
      <button onClick={() => run(async () => { const s = await (await getClient()).signMessage('Hello from Harbor'); setSignature(s); return 'signed' })}>Sign a message</button>
      <p data-testid="smart-wallet-address">{address}</p>
      <p data-testid="smart-wallet-outcome">{outcome}</p>
      <p data-testid="smart-wallet-signature">{signature}</p>
    </SignedIn>
  )
}

mountHostPage(
  {
    appId: meta('portico-app-id'),
    apiUrl: meta('portico-api-url'),
    config: {
      supportedChains: [{ id: `eip155:${CHAIN_ID}`, name: 'Anvil', rpcUrls: [meta('portico-anvil-url')], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      defaultChain: `eip155:${CHAIN_ID}`,
      appearance: { theme: queryTheme() },
    },
    plugins: [email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } }), transactions(), smartWallets({ contracts: { [CHAIN_ID]: contracts } })],
  },
  <Host />,
)
