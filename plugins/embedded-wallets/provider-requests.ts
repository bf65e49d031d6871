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

/** How often a multi-item request asks for an item's receipt before it sends the next. */
const RECEIPT_POLL_MS = 500

/** Spec 02 §8: the nonce, gas or fees of a transaction could not be read from the chain. */
export const PREPARATION_FAILED_MESSAGE = 'There was an error preparing your transaction. Your transaction request will likely fail.'

// `csw_signUserOperation` signs a smart account's user operation, which its own review screen shows.
const SIGNING = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'secp256k1_sign', 'csw_signUserOperation'])
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
): { request: EmbeddedEthereumProvider['request']; send(input: unknown, ui?: TransactionUiOptions): Promise<string | string[]> } {
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

  /** Waits until a transaction is mined; rejects when the chain reverted it. */
  async function mined(hash: string): Promise<void> {
    for (;;) {
      const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as { status?: string } | null
      if (receipt) {
        if (BigInt(receipt.status ?? '0x0') === 1n) return
        throw new ProviderRpcError(-32603, `Transaction ${hash} was reverted`, { hash })
      }
      await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
    }
  }

  /**
   * Checks the request (spec 02 §5; a list is a multi-item request, sent in its order), moves to the
   * chain it names when the app has it, fills nonces, gas and EIP-1559 fees from the chain, shows the
   * review (which submits: signs in the frame and sends the raw transactions), or submits at once
   * without one. Resolves with the hash, or the list of hashes of a multi-item request.
   */
  async function send(input: unknown, ui?: TransactionUiOptions): Promise<string | string[]> {
    const many = Array.isArray(input)
    const requests = (many ? input : [input]).map(normalizeTransactionRequest)
    if (requests.length === 0) throw new ProviderRpcError(-32602, 'Invalid transaction request')
    const asked = new Set(requests.map((r) => r.chainId).filter((id) => id !== undefined))
    if (asked.size > 1) throw new ProviderRpcError(-32602, 'The items of a transaction request are for one chain')
    for (const request of requests) {
      if (request.from && request.from.toLowerCase() !== deps.wallet.address.toLowerCase()) {
        throw new ProviderRpcError(4100, 'The transaction is not from this wallet')
      }
    }
    const [wanted] = asked
    if (wanted !== undefined && wanted !== chainId) {
      // A chain the app does not configure is refused; a configured one becomes the current chain.
      if (!deps.chains.some((c) => c.id === wanted)) throw new ProviderRpcError(4901, `Unsupported chainId: ${wanted}`)
      chainId = wanted
      emit('chainChanged', hex(chainId))
    }
    const txs: Record<string, string | undefined>[] = requests.map(({ chainId: _asked, ...fields }) => ({ ...fields, from: deps.wallet.address, chainId: hex(chainId) }))
    const pendingNonce = async () => BigInt(String(await rpc('eth_getTransactionCount', [deps.wallet.address, 'pending'])))
    const estimate = async (tx: Record<string, string | undefined>) => {
      tx.gas ??= String(await rpc('eth_estimateGas', [{ from: tx.from, to: tx.to, value: tx.value, data: tx.data }]))
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
    await fill(async () => {
      // The items take consecutive nonces.
      const next = await pendingNonce()
      txs.forEach((tx, i) => (tx.nonce ??= hex(next + BigInt(i))))
    })
    // A later item may depend on an earlier one (an allowance, then the call that spends it): its gas
    // is estimated again once the earlier items are mined.
    await fill(() => estimate(txs[0]!))
    for (const tx of txs.slice(1)) await estimate(tx).catch(() => undefined)
    await fill(async () => {
      if (txs.every((tx) => tx.gasPrice !== undefined || tx.maxFeePerGas !== undefined)) return
      const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: string } | null
      const tip = BigInt((await rpc('eth_maxPriorityFeePerGas', [])) as string)
      const base = BigInt(block?.baseFeePerGas ?? '0x0')
      for (const tx of txs) {
        if (tx.gasPrice !== undefined || tx.maxFeePerGas !== undefined) continue
        tx.maxPriorityFeePerGas = hex(tip)
        tx.maxFeePerGas = hex(base * 2n + tip)
      }
    })
    const hashes: string[] = []
    let sent: string | null = null
    let done = 0
    // Sends the items not yet mined, in order; a retry goes on from the one that failed.
    const submit = async ({ freshNonce = false }: { freshNonce?: boolean } = {}): Promise<string> => {
      for (; done < txs.length; done++) {
        const tx = txs[done]!
        // A transaction that got a hash used its nonce: a retry takes the next one.
        if (freshNonce || tx.nonce === undefined) tx.nonce = hex(await pendingNonce())
        freshNonce = false
        if (tx.gas === undefined) await estimate(tx).catch(() => undefined)
        if (tx.gas === undefined || (tx.gasPrice === undefined && tx.maxFeePerGas === undefined)) {
          throw new ProviderRpcError(-32603, PREPARATION_FAILED_MESSAGE)
        }
        const signed = await signing('eth_signTransaction', [{ ...tx }])
        const hash = String(await rpc('eth_sendRawTransaction', [signed]))
        hashes[done] = hash
        if (done < txs.length - 1) {
          // The next item may spend what this one sets up: it goes once this one is mined.
          await mined(hash)
          // Its nonce is now the next one, whatever a retry made this one's.
          const following = txs[done + 1]!
          if (requests[done + 1]!.nonce === undefined) following.nonce = hex(BigInt(tx.nonce) + 1n)
          continue
        }
        if (sent && sent !== hash) emit('message', { type: 'portico_transaction_retried', data: { hash, previousHash: sent } })
        sent ??= hash
        return hash
      }
      return sent!
    }
    const answer = (hash: string) => (many ? [...hashes.slice(0, -1), hash] : hash)
    if (!deps.review) return answer(await submit())
    const [last] = txs.slice(-1)
    const items = txs.length > 1 ? txs.slice(0, -1).map((tx) => ({ ...tx })) : undefined
    const hash = await deps.review({ chainId, transaction: { ...last! }, ...(items ? { items } : {}), preparationFailed, ...(ui ? { ui } : {}), submit })
    return answer(hash)
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
