/**
 * The embedded Solana wallet's methods, in a module of their own with the few `@solana/kit`
 * functions they run: `createEmbeddedSolanaWallet` loads it on the wallet's first call, so a page
 * that never signs with Solana never downloads it, and a bundler keeps only these functions of kit.
 * @internal
 * @module
 */
import {
  createSolanaRpc,
  getBase64Decoder,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type Address,
  type Base64EncodedWireTransaction,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { PorticoError } from '../../kernel/errors'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import type { EmbeddedSolanaWalletDeps, SolanaSendOptions } from './solana'

/**
 * The methods of one embedded Solana wallet (see `EmbeddedSolanaWallet`).
 * @param deps - the wallet, the frame's signer, the screen, the RPC URL.
 * @returns its methods.
 */
export function solanaSigner(deps: EmbeddedSolanaWalletDeps) {
  const address = deps.wallet.address as Address

  function signedIn(): void {
    if (!deps.authenticated()) throw new PorticoError('User must be authenticated to use embedded Solana wallet', { code: 'missing_or_invalid_token' })
  }

  /** Signs base64 wire bytes in the frame: the signed wire bytes, in base64. */
  async function signInFrame(wire: string): Promise<string> {
    signedIn()
    return deps.sign({ method: 'solana_signTransaction', params: [wire] })
  }

  /** A transaction's wire bytes in base64. */
  function wireOf(transaction: Transaction | Uint8Array): string {
    if (transaction instanceof Uint8Array) return getBase64Decoder().decode(transaction)
    if (typeof transaction !== 'object' || transaction === null || !(transaction.messageBytes instanceof Uint8Array)) {
      throw new PorticoError('A Solana transaction is a kit Transaction or its wire bytes', { code: 'invalid_request' })
    }
    return getBase64EncodedWireTransaction(transaction)
  }

  return {
    async signMessage(message: string): Promise<Uint8Array> {
      if (typeof message !== 'string') throw new PorticoError('Solana message signing needs a string message', { code: 'invalid_request' })
      signedIn()
      const request: FrameRpcRequest = { method: 'solana_signMessage', params: [getBase64Decoder().decode(new TextEncoder().encode(message))] }
      if (deps.confirm) await deps.confirm(request)
      return new Uint8Array(getBase64Encoder().encode(await deps.sign(request)))
    },
    async signTransaction(transaction: Transaction | Uint8Array): Promise<Transaction | Uint8Array> {
      const signed = new Uint8Array(getBase64Encoder().encode(await signInFrame(wireOf(transaction))))
      if (transaction instanceof Uint8Array) return signed
      // Only the wallet's own slot changes: the rest of the caller's transaction stays as it was.
      const signature = getTransactionDecoder().decode(signed).signatures[address] ?? null
      return { ...transaction, signatures: { ...transaction.signatures, [address]: signature } }
    },
    async signAndSendTransaction(transaction: Transaction | Uint8Array, options: SolanaSendOptions = {}): Promise<Signature> {
      const url = options.rpcUrl ?? deps.rpcUrl()
      if (!url) {
        throw new PorticoError('No Solana RPC URL: list a solana: chain with an RPC URL in supportedChains, or pass rpcUrl', { code: 'solana_rpc_missing' })
      }
      const signed = (await signInFrame(wireOf(transaction))) as Base64EncodedWireTransaction
      try {
        return await createSolanaRpc(url).sendTransaction(signed, { encoding: 'base64' }).send()
      } catch (error) {
        throw new PorticoError('The Solana RPC refused the transaction', { code: 'solana_rpc_error', details: (error as Error).message, cause: error })
      }
    },
  }
}
