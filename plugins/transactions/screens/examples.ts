/**
 * Example params for each transaction screen, used by the plugin contract tests to render every
 * screen (and check it with axe) in light and dark.
 * @module
 */
import {
  address as solanaAddress,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

const address = '0x5A0b54D5dc17e0AadC383d2db43B0a0D3E029c4c'

const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

const review = {
  address,
  chainId: 8453,
  chain: { name: 'Base', symbol: 'ETH', decimals: 18, blockExplorerUrl: 'https://basescan.org' },
  transaction: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x38d7ea4c68000', gas: '0x5208', maxFeePerGas: '0x3b9aca00', nonce: '0x0' },
  preparationFailed: false,
  extendedCalldataDecoding: false,
  priceDisplay: 'native-token',
  submit: async () => hash,
}

const solanaWallet = solanaAddress('7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs')

/** A 0.25 SOL transfer, as the wallet would sign it (base64 wire bytes). */
const solanaTransfer = getBase64Decoder().decode(
  getTransactionEncoder().encode(
    compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(solanaWallet, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k' as Blockhash, lastValidBlockHeight: 100n }, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: createNoopSigner(solanaWallet), destination: solanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), amount: 250_000_000n })],
            m,
          ),
      ),
    ),
  ),
)

export const screenExamples: Record<string, Record<string, unknown>> = {
  review,
  // Without an RPC URL the receipt shows the sent transaction (nothing to follow).
  receipt: { ...review, hash },
  error: { ...review, failure: { code: 'transaction_reverted', message: 'execution reverted: Reverted on purpose', hash } },
  // Without an RPC URL the review shows the instructions without a fee or balance.
  solana: { address: solanaWallet, transaction: solanaTransfer, cluster: { name: 'Solana Devnet' }, priceDisplay: 'native-token' },
}
