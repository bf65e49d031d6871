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
import type { EmbeddedSolanaWalletDeps, SolanaSendOptions, SolanaSignOptions } from './solana'

/** What the RPC's JSON-RPC error codes mean (kit's production build keeps codes, not messages). */
const RPC_REFUSALS: Record<number, string> = {
  [-32002]: 'Transaction simulation failed',
  [-32003]: 'Transaction signature verification failure',
}

/**
 * A refused send in words: the JSON-RPC code and what it means, then the runtime's error
 * (`InstructionError(0, Custom(1))`) from kit's error context.
 */
function refusal(error: unknown): string {
  const code = (error as { context?: { __code?: unknown } }).context?.__code
  const reason = ((error as Error).cause as { context?: { errorName?: unknown } } | undefined)?.context?.errorName
  const head = typeof code === 'number' ? `${RPC_REFUSALS[code] ?? 'JSON-RPC error'} (${code})` : (error as Error).message
  return typeof reason === 'string' ? `${head}: ${reason}` : head
}

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

  /** Refuses, before any screen, a transaction the wallet is not asked to sign. */
  function mustSign(wire: string): void {
    let signers: string[]
    try {
      signers = Object.keys(getTransactionDecoder().decode(getBase64Encoder().encode(wire)).signatures)
    } catch {
      throw new PorticoError('The Solana transaction could not be read', { code: 'invalid_request' })
    }
    if (!signers.includes(address)) throw new PorticoError('Transaction does not contain public key', { code: 'invalid_request' })
  }

  /** Signs in the frame and sends to the RPC. */
  async function sendSigned(wire: string, url: string): Promise<Signature> {
    const signed = (await signInFrame(wire)) as Base64EncodedWireTransaction
    try {
      return await createSolanaRpc(url).sendTransaction(signed, { encoding: 'base64' }).send()
    } catch (error) {
      throw new PorticoError('The Solana RPC refused the transaction', { code: 'solana_rpc_error', details: refusal(error), cause: error })
    }
  }

  return {
    async signMessage(message: string): Promise<Uint8Array> {
      if (typeof message !== 'string') throw new PorticoError('Solana message signing needs a string message', { code: 'invalid_request' })
      signedIn()
      const request: FrameRpcRequest = { method: 'solana_signMessage', params: [getBase64Decoder().decode(new TextEncoder().encode(message))] }
      if (deps.confirm) await deps.confirm(request)
      return new Uint8Array(getBase64Encoder().encode(await deps.sign(request)))
    },
    async signTransaction(transaction: Transaction | Uint8Array, options: SolanaSignOptions = {}): Promise<Transaction | Uint8Array> {
      const wire = wireOf(transaction)
      if (deps.review) {
        signedIn()
        mustSign(wire)
        await deps.review({ transaction: wire, rpcUrl: deps.rpcUrl(), ...(options.uiOptions ? { ui: options.uiOptions } : {}) })
      }
      const signed = new Uint8Array(getBase64Encoder().encode(await signInFrame(wire)))
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
      const wire = wireOf(transaction)
      if (!deps.review) return sendSigned(wire, url)
      signedIn()
      mustSign(wire)
      // The screen sends (and sends again for a retry); the last send's outcome is the call's.
      let signature: Signature | undefined
      let failure: unknown
      const send = async () => {
        try {
          signature = await sendSigned(wire, url)
          failure = undefined
          return signature
        } catch (error) {
          failure = error
          throw error
        }
      }
      try {
        await deps.review({ transaction: wire, rpcUrl: url, send, ...(options.uiOptions ? { ui: options.uiOptions } : {}) })
      } catch (error) {
        // Leaving the screens after a send does not undo it.
        if (signature) return signature
        throw failure ?? error
      }
      if (signature) return signature
      throw failure ?? new PorticoError('The transaction was not sent', { code: 'solana_rpc_error' })
    },
  }
}
