/**
 * The demo's embedded Solana wallet panel (with a local cluster, the e2e run's): its address, a SOL
 * send and an SPL token send, each through the transactions plugin's Solana review, confirmation and
 * receipt (`useSendSolanaTransaction`).
 */
import { useState } from 'react'
import { getTransferSolInstruction } from '@solana-program/system'
import { fetchMint, findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit'
import { useEmbeddedWallets } from 'portico/plugins/embedded-wallets'
import { useSendSolanaTransaction } from 'portico/plugins/transactions'

/** Where the demo sends: the incinerator, an address nobody holds the key of. */
export const DEMO_SOLANA_RECIPIENT = address('1nc1nerator11111111111111111111111111111111')

/**
 * The panel.
 * @param props - the cluster's RPC URL.
 * @returns the panel, or nothing until the user has an embedded Solana wallet.
 */
export function SolanaWallet({ rpcUrl }: { rpcUrl: string }) {
  const { wallets } = useEmbeddedWallets()
  const { sendTransaction } = useSendSolanaTransaction()
  const [mint, setMint] = useState('')
  const [signature, setSignature] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const wallet = wallets.find((w) => w.chainType === 'solana')
  if (!wallet) return null
  const me = wallet.address as Address
  const rpc = createSolanaRpc(rpcUrl)

  const send = async (instruction: () => Promise<Instruction>) => {
    setError(null)
    setSignature(null)
    try {
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const ix = await instruction()
      const transaction = compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayer(me, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) => appendTransactionMessageInstruction(ix, m),
        ),
      )
      setSignature((await sendTransaction(transaction)).signature)
    } catch (e) {
      const code = (e as { rpcCode?: number; code?: string }).rpcCode ?? (e as { code?: string }).code
      setError(`${code ?? 'error'}: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  // 0.001 SOL.
  const sendSol = () => send(async () => getTransferSolInstruction({ source: createNoopSigner(me), destination: DEMO_SOLANA_RECIPIENT, amount: 1_000_000n }))
  // One whole token of the mint typed in, between the associated token accounts.
  const sendToken = () =>
    send(async () => {
      const mintAddress = address(mint.trim())
      const { data } = await fetchMint(rpc, mintAddress)
      const [source] = await findAssociatedTokenPda({ owner: me, mint: mintAddress, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      const [destination] = await findAssociatedTokenPda({ owner: DEMO_SOLANA_RECIPIENT, mint: mintAddress, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      return getTransferCheckedInstruction({ source, mint: mintAddress, destination, authority: createNoopSigner(me), amount: 10n ** BigInt(data.decimals), decimals: data.decimals })
    })

  return (
    <p>
      Embedded Solana wallet: <span data-testid="embedded-solana-wallet">{wallet.address}</span>{' '}
      <button type="button" className="secondary" onClick={() => void sendSol()}>
        Send 0.001 SOL
      </button>
      <label>
        Token mint <input value={mint} onChange={(e) => setMint(e.target.value)} size={44} />
      </label>
      <button type="button" className="secondary" disabled={!mint.trim()} onClick={() => void sendToken()}>
        Send 1 token
      </button>
      {signature ? <span data-testid="embedded-solana-signature"> {signature}</span> : null}
      {error ? <span role="status" data-testid="embedded-solana-error"> {error}</span> : null}
    </p>
  )
}
