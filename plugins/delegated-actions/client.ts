/**
 * The app backend's typed client of the wallet API (`POST /api/v1/wallets/:address/rpc`, `GET
 * …/actions`): it authenticates with the app secret and signs every call with the app's
 * authorization key, with an expiry (now + 30 min), as the contract's signed calls do. Node 20+ or
 * any runtime with `fetch`; no browser (the app secret must stay on the server).
 * @module
 */
import { base64 } from '@scure/base'
import type { InferOutput } from 'valibot'
import { APP_ID_HEADER, EXPIRY_HEADER, REQUEST_LIFETIME_MS, signRequest, SIGNATURE_HEADER } from './authorization'
import type { RpcRequest, RpcResponse, WalletAction } from './schemas'

/** Options of {@link createWalletApiClient}. */
export interface WalletApiClientOptions {
  /** The API's public base URL (the server's `publicUrl`), without a trailing slash. */
  apiUrl: string
  appId: string
  /** The app secret (`delegatedActions.appSecret`). */
  appSecret: string
  /** The authorization private key (P-256, 32 bytes, base64), whose public key the app's settings list. */
  authorizationKey: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /** The clock expiries are computed from (ms). @defaultValue Date.now */
  now?: () => number
}

/** A refusal of the wallet API, with the contract's error code. */
export class WalletApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'WalletApiError'
  }
}

/** An EVM transaction the server fills (nonce, gas and fees from the chain when absent). */
export type EvmTransactionRequest = Extract<InferOutput<typeof RpcRequest>, { method: 'eth_sendTransaction' }>['params']['transaction']
/** EIP-712 typed data, `primary_type` in snake case. */
export type TypedDataRequest = Extract<InferOutput<typeof RpcRequest>, { method: 'eth_signTypedData_v4' }>['params']['typed_data']
/** A recorded wallet action. */
export type WalletActionRecord = InferOutput<typeof WalletAction>

type Answer<M extends string> = Extract<InferOutput<typeof RpcResponse>, { method: M }>['data']

/** The wallet API, for one app. */
export interface WalletApiClient {
  /** `personal_sign` (EIP-191) of a UTF-8 message, or of raw bytes given as `0x` hex with `encoding: 'hex'`. */
  personalSign(address: string, message: string, encoding?: 'utf-8' | 'hex'): Promise<Answer<'personal_sign'>>
  /** `eth_signTypedData_v4`. */
  signTypedData(address: string, typedData: TypedDataRequest): Promise<Answer<'eth_signTypedData_v4'>>
  /** `eth_sendTransaction` on a chain (`eip155:…`): the server fills, signs and sends it; answers its hash. */
  sendTransaction(address: string, caip2: string, transaction: EvmTransactionRequest): Promise<Answer<'eth_sendTransaction'>>
  /** Solana `signMessage` of bytes; the signature is base64. */
  solanaSignMessage(address: string, message: Uint8Array): Promise<Answer<'signMessage'>>
  /** Solana `signAndSendTransaction` of a wire transaction (the wallet one of its signers) on a chain (`solana:…`); answers its signature (base58). */
  solanaSignAndSendTransaction(address: string, caip2: string, transaction: Uint8Array): Promise<Answer<'signAndSendTransaction'>>
  /** The wallet's recorded actions, newest first (at most 100). */
  actions(address: string): Promise<WalletActionRecord[]>
  /** Sends one call as given (the other methods build it). */
  rpc(address: string, request: InferOutput<typeof RpcRequest>): Promise<InferOutput<typeof RpcResponse>>
}

/**
 * Creates the wallet API client of an app's backend.
 * @param options - the API, the app, its secret and its authorization key.
 * @returns the client; each call rejects with a {@link WalletApiError} on a refusal.
 * @example
 * ```ts
 * import { createWalletApiClient } from 'portico/plugins/delegated-actions/server'
 * const wallets = createWalletApiClient({ apiUrl: 'https://auth.example.com', appId, appSecret: process.env.APP_SECRET!, authorizationKey: process.env.AUTHORIZATION_KEY! })
 * const { signature } = await wallets.personalSign(address, 'hello')
 * ```
 */
export function createWalletApiClient(options: WalletApiClientOptions): WalletApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const now = options.now ?? Date.now
  const apiUrl = options.apiUrl.replace(/\/+$/, '')
  const privateKey = base64.decode(options.authorizationKey)
  const basic = `Basic ${Buffer.from(`${options.appId}:${options.appSecret}`).toString('base64')}`

  async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = apiUrl + path
    const headers: Record<string, string> = { authorization: basic, [APP_ID_HEADER]: options.appId, accept: 'application/json' }
    if (method === 'POST') {
      const expiry = now() + REQUEST_LIFETIME_MS
      headers['content-type'] = 'application/json'
      headers[EXPIRY_HEADER] = String(expiry)
      headers[SIGNATURE_HEADER] = signRequest(privateKey, { url, method, appId: options.appId, expiry, body })
    }
    const res = await doFetch(url, { method, headers, ...(method === 'POST' ? { body: JSON.stringify(body) } : {}) })
    const json = (await res.json().catch(() => null)) as { error?: unknown; code?: unknown; data?: unknown } | null
    if (res.ok && json) return json as T
    throw new WalletApiError(
      typeof json?.error === 'string' ? json.error : `The wallet API answered ${res.status}.`,
      res.status,
      typeof json?.code === 'string' ? json.code : undefined,
      json?.data && typeof json.data === 'object' ? (json.data as Record<string, unknown>) : undefined,
    )
  }

  const rpc = (address: string, request: InferOutput<typeof RpcRequest>) =>
    send<InferOutput<typeof RpcResponse>>('POST', `/api/v1/wallets/${encodeURIComponent(address)}/rpc`, request)
  const data = async <M extends InferOutput<typeof RpcRequest>['method']>(address: string, request: Extract<InferOutput<typeof RpcRequest>, { method: M }>) =>
    (await rpc(address, request)).data as Answer<M>

  return {
    rpc,
    personalSign: (address, message, encoding = 'utf-8') => data(address, { method: 'personal_sign', chain_type: 'ethereum', params: { message, encoding } }),
    signTypedData: (address, typedData) => data(address, { method: 'eth_signTypedData_v4', chain_type: 'ethereum', params: { typed_data: typedData } }),
    sendTransaction: (address, caip2, transaction) => data(address, { method: 'eth_sendTransaction', chain_type: 'ethereum', caip2, params: { transaction } }),
    solanaSignMessage: (address, message) =>
      data(address, { method: 'signMessage', chain_type: 'solana', params: { message: base64.encode(message), encoding: 'base64' } }),
    solanaSignAndSendTransaction: (address, caip2, transaction) =>
      data(address, { method: 'signAndSendTransaction', chain_type: 'solana', caip2, params: { transaction: base64.encode(transaction), encoding: 'base64' } }),
    actions: async (address) => (await send<{ data: WalletActionRecord[] }>('GET', `/api/v1/wallets/${encodeURIComponent(address)}/actions`)).data,
  }
}
