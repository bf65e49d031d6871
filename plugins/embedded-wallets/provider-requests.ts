/**
 * What answers the embedded Ethereum provider's requests: accounts and chain, signing in the
 * wallet frame (after the sign-request screen when it has one), JSON-RPC to the current chain, and
 * transactions filled (nonce, gas, EIP-1559 fees), signed and sent. `createEmbeddedEthereumProvider`
 * loads it on the first request.
 * @internal
 * @module
 */
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { ProviderRpcError, type EmbeddedEthereumProvider, type EmbeddedProviderDeps, type TransactionUiOptions } from './provider'
import { normalizeTransactionRequest } from './transaction-request'

const hex = (n: number | bigint) => `0x${n.toString(16)}`

/** Spec 02 §8: the nonce, gas or fees of a transaction could not be read from the chain. */
export const PREPARATION_FAILED_MESSAGE = 'There was an error preparing your transaction. Your transaction request will likely fail.'

const SIGNING = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'secp256k1_sign'])
/** Methods that show the sign-request screen (the transaction screens come with transactions). */
const CONFIRMED = new Set(['personal_sign', 'eth_signTypedData_v4'])

/**
 * Answers the requests of one embedded Ethereum wallet's provider.
 * @param deps - the wallet, its chains and the frame's signer.
 * @param emit - tells the provider's listeners of an event (`chainChanged`).
 * @returns the provider's `request`, and `send` (eth_sendTransaction with the host's review texts).
 */
export function providerRequests(
  deps: EmbeddedProviderDeps,
  emit: (event: 'chainChanged' | 'message', value: unknown) => void,
): { request: EmbeddedEthereumProvider['request']; send(input: unknown, ui?: TransactionUiOptions): Promise<unknown> } {
  let chainId = deps.chainId
  let rpcId = 0

  const chain = () => deps.chains.find((c) => c.id === chainId)

  async function rpc(method: string, params: unknown): Promise<unknown> {
    const c = chain()
    if (!c) throw new ProviderRpcError(4901, `Chain ${chainId} has no RPC URL`)
    const res = await fetch(c.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
    return body.result
  }

  async function signing(method: string, params: unknown[]): Promise<string> {
    const request = { method, params } as FrameRpcRequest
    if (deps.confirm && CONFIRMED.has(method)) await deps.confirm(request)
    return deps.sign(request)
  }

  /**
   * Checks the request (spec 02 §5), moves to the chain it names when the app has it, fills nonce,
   * gas and EIP-1559 fees from the chain, shows the review (which submits: signs in the frame and
   * sends the raw transaction), or submits at once without one.
   */
  async function send(input: unknown, ui?: TransactionUiOptions): Promise<unknown> {
    const request = normalizeTransactionRequest(input)
    if (request.from && request.from.toLowerCase() !== deps.wallet.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'The transaction is not from this wallet')
    }
    if (request.chainId !== undefined && request.chainId !== chainId) {
      // A chain the app does not configure is refused; a configured one becomes the current chain.
      if (!deps.chains.some((c) => c.id === request.chainId)) throw new ProviderRpcError(4901, `Unsupported chainId: ${request.chainId}`)
      chainId = request.chainId
      emit('chainChanged', hex(chainId))
    }
    const { chainId: _asked, ...fields } = request
    const tx: Record<string, string | undefined> = { ...fields, from: deps.wallet.address, chainId: hex(chainId) }
    const readNonce = async () => {
      tx.nonce = String(await rpc('eth_getTransactionCount', [deps.wallet.address, 'pending']))
    }
    // What the chain must tell: a failure is shown on the review ('There was an error preparing…').
    let preparationFailed = false
    const fill = async (read: () => Promise<void>) => {
      try {
        await read()
      } catch (err) {
        if (!deps.review) throw err
        preparationFailed = true
      }
    }
    if (tx.nonce === undefined) await fill(readNonce)
    await fill(async () => {
      tx.gas ??= String(await rpc('eth_estimateGas', [{ from: tx.from, to: tx.to, value: tx.value, data: tx.data }]))
    })
    if (tx.gasPrice === undefined && tx.maxFeePerGas === undefined) {
      await fill(async () => {
        const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: string } | null
        const tip = BigInt((await rpc('eth_maxPriorityFeePerGas', [])) as string)
        const base = BigInt(block?.baseFeePerGas ?? '0x0')
        tx.maxPriorityFeePerGas = hex(tip)
        tx.maxFeePerGas = hex(base * 2n + tip)
      })
    }
    let sent: string | null = null
    const submit = async ({ freshNonce = false }: { freshNonce?: boolean } = {}): Promise<string> => {
      // A transaction that got a hash used its nonce: a retry takes the next one.
      if (freshNonce || tx.nonce === undefined) await readNonce()
      if (tx.gas === undefined || (tx.gasPrice === undefined && tx.maxFeePerGas === undefined)) {
        throw new ProviderRpcError(-32603, PREPARATION_FAILED_MESSAGE)
      }
      const signed = await signing('eth_signTransaction', [{ ...tx }])
      const hash = String(await rpc('eth_sendRawTransaction', [signed]))
      if (sent && sent !== hash) emit('message', { type: 'portico_transaction_retried', data: { hash, previousHash: sent } })
      sent ??= hash
      return hash
    }
    if (!deps.review) return submit()
    return deps.review({ chainId, transaction: { ...tx }, preparationFailed, ...(ui ? { ui } : {}), submit })
  }

  const request: EmbeddedEthereumProvider['request'] = async ({ method, params }) => {
    const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [deps.wallet.address]
      case 'eth_chainId':
        return hex(chainId)
      case 'wallet_switchEthereumChain': {
        const wanted = Number.parseInt(String((list[0] as { chainId?: unknown } | undefined)?.chainId), 16)
        if (!deps.chains.some((c) => c.id === wanted)) throw new ProviderRpcError(4902, `Unsupported chainId: ${wanted}`)
        if (wanted !== chainId) {
          chainId = wanted
          emit('chainChanged', hex(wanted))
        }
        return null
      }
      default:
        if (SIGNING.has(method)) return signing(method, list)
        if (method === 'eth_sendTransaction') return send(list[0])
        return rpc(method, list)
    }
  }
  return { request, send }
}
