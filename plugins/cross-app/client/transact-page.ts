/**
 * Cross-app transactions, provider side: the provider app's page, opened by a requester with a request
 * in its address, has the server check the request (the token is the signed-in user's, the answer's
 * origin one of the requester's), asks the user's embedded wallet through its EIP-1193 provider (which
 * shows the embedded wallet's sign screen, or the transaction review), then posts the answer to the
 * requester's origin and closes. Loaded only on such a page.
 * @module
 */
import { base64ToBytes, bytesToBase64 } from '../../../kernel/base64'
import type { PluginContext } from '../../../kernel/plugin'
import { embeddedWalletsOf, ProviderRpcError, type EmbeddedWalletService } from '../../embedded-wallets'
import { crossAppRoutes } from '../api'
import type { CrossAppErrorCode } from '../errors'
import { crossAppMessages } from '../messages/en'
import { CROSS_APP_ACTION_MESSAGES, chainTypeOfMethod, clearTransactRequest, sameWalletAddress, type TransactPayload } from './transact'

/** A request the page cannot run as sent: the wallets' error for malformed parameters. */
const invalidParameters = () => new ProviderRpcError(-32602, 'Invalid parameters')

/** Runs an Ethereum request through the embedded wallet's EIP-1193 provider, on the chain a transaction names. */
async function runEthereum(service: EmbeddedWalletService, payload: TransactPayload): Promise<unknown> {
  const provider = service.getEthereumProvider(payload.address)
  let params = payload.params
  const tx = payload.method === 'eth_sendTransaction' ? (params[0] as Record<string, unknown> | undefined) : undefined
  if (tx && tx.chainId !== undefined && tx.chainId !== null) {
    // The transaction goes to the chain it names (a hex or decimal id, as requesters send it).
    const chainId = Number(tx.chainId)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] })
    params = [{ ...tx, chainId }, ...params.slice(1)]
  }
  return provider.request({ method: payload.method, params })
}

/** Runs a Solana request through the embedded Solana wallet (its own sign and review screens): base64 in, base64 or base58 out. */
async function runSolana(service: EmbeddedWalletService, payload: TransactPayload): Promise<string> {
  const [param] = payload.params
  if (typeof param !== 'string' || payload.params.length !== 1) throw invalidParameters()
  const wallet = service.getSolanaWallet(payload.address)
  if (payload.method === 'solana_signMessage') return bytesToBase64(await wallet.signMessage(param))
  let transaction: Uint8Array
  try {
    transaction = base64ToBytes(param)
  } catch {
    throw invalidParameters()
  }
  if (payload.method === 'solana_signTransaction') return bytesToBase64(await wallet.signTransaction(transaction))
  return wallet.signAndSendTransaction(transaction)
}

/** The check's refusals, as the requester shows them; `null`: the origin is not the requester's, nothing is posted. */
function refusal(err: unknown): CrossAppErrorCode | null {
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'invalid_origin') return null
  if (code === 'cross_app_read_only') return 'CROSS_APP_READ_ONLY'
  if (code === 'invalid_credentials' || code === 'missing_or_invalid_token') return 'CROSS_APP_TOKEN_REQUIRED'
  if (code === 'cross_app_connection_not_allowed') return 'CROSS_APP_INVALID_APP'
  return 'CROSS_APP_INIT_FAILED'
}

/**
 * Answers a requester's request on the provider app's page (signed in): checks it with the server,
 * runs it through the user's embedded wallet, posts `PRIVY_CROSS_APP_ACTION_RESPONSE {result}` or
 * `PRIVY_CROSS_APP_ACTION_ERROR {error, code}` to the requester's exact origin, and closes the window.
 * @param ctx - the cross-app plugin's context on the provider's page.
 * @param payload - the request read from the address.
 * @param win - the window. @defaultValue globalThis.window
 * @returns once answered.
 * @example
 * ```ts
 * await answerTransactRequest(ctx, payload)
 * ```
 */
export async function answerTransactRequest(ctx: PluginContext, payload: TransactPayload, win: Window = globalThis.window): Promise<void> {
  const opener = win.opener as Window | null
  const post = (message: Record<string, unknown>) => opener?.postMessage(message, payload.origin)
  const fail = (code: CrossAppErrorCode, error: string = crossAppMessages[code as keyof typeof crossAppMessages] ?? code) =>
    post({ type: CROSS_APP_ACTION_MESSAGES.error, error, code })
  try {
    if (!opener || opener === win) return
    try {
      await ctx.api.request(crossAppRoutes.transactCheck, { token: payload.token, origin: payload.origin })
    } catch (err) {
      const code = refusal(err)
      if (code) fail(code)
      return
    }
    const service = embeddedWalletsOf(ctx)
    const chainType = chainTypeOfMethod(payload.method)
    if (!service.wallets().some((w) => w.chainType === chainType && sameWalletAddress(w.address, payload.address))) {
      fail('CROSS_APP_WRONG_ADDRESS')
      return
    }
    try {
      const result = chainType === 'solana' ? await runSolana(service, payload) : await runEthereum(service, payload)
      post({ type: CROSS_APP_ACTION_MESSAGES.response, result })
    } catch (err) {
      if ((err as { rpcCode?: unknown }).rpcCode === 4001) fail('CROSS_APP_REJECTED')
      else fail('CROSS_APP_FAILED', err instanceof Error ? err.message : 'Something went wrong')
    }
  } catch (err) {
    fail('CROSS_APP_FAILED', err instanceof Error ? err.message : 'Something went wrong')
  } finally {
    clearTransactRequest(win)
    win.close()
  }
}
