/**
 * Cross-app transactions, requester side: the signed-in user's wallets of provider apps (their
 * `cross_app` accounts) and requests to them. A request opens a 440x680 popup on the provider app's
 * page, which shows its own sign or send screens; the answer comes back by `postMessage`
 * (`PRIVY_CROSS_APP_ACTION_RESPONSE` / `PRIVY_CROSS_APP_ACTION_ERROR`) from that page's origin only.
 * @module
 */
import { base64ToBytes, bytesToBase64, bytesToBase64Url } from '../../../kernel/base64'
import { PorticoError } from '../../../kernel/errors'
import type { PluginContext } from '../../../kernel/plugin'
import type { User } from '../../../kernel/wire'
import { CROSS_APP_ACCOUNT_TYPE, crossAppRoutes } from '../api'
import { CROSS_APP_ERRORS, type CrossAppErrorCode } from '../errors'
import { crossAppMessages } from '../messages/en'
import { crossAppTokenKey, type CrossAppState } from './flow'
import { awaitPopup, openCrossAppPopup } from './popup'

/** The provider page's answers to its opener (spec 02 §7). */
export const CROSS_APP_ACTION_MESSAGES = {
  response: 'PRIVY_CROSS_APP_ACTION_RESPONSE',
  error: 'PRIVY_CROSS_APP_ACTION_ERROR',
} as const

/** The fragment parameter that carries a request to the provider app's page (kept out of server logs). */
export const TRANSACT_PARAM = 'portico_cross_app_transact'

/** The methods a requester may ask a provider user's Ethereum wallet for (EIP-1193 parameters). */
export const CROSS_APP_ETHEREUM_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'] as const

/**
 * The methods a requester may ask a provider user's Solana wallet for: `solana_signMessage`
 * (`[text]`, answered with the base64 ed25519 signature of its UTF-8 bytes), `solana_signTransaction`
 * (`[base64 wire transaction]`, answered with the base64 wire bytes carrying the wallet's signature)
 * and `solana_signAndSendTransaction` (`[base64 wire transaction]`, answered with the base58 signature
 * once the provider's RPC accepted it).
 */
export const CROSS_APP_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

/** The methods a requester may ask a provider user's wallet for. */
export const CROSS_APP_METHODS = [...CROSS_APP_ETHEREUM_METHODS, ...CROSS_APP_SOLANA_METHODS] as const

/** One of {@link CROSS_APP_METHODS}. */
export type CrossAppMethod = (typeof CROSS_APP_METHODS)[number]

/** The chain a method is for. */
export const chainTypeOfMethod = (method: CrossAppMethod): 'ethereum' | 'solana' =>
  (CROSS_APP_SOLANA_METHODS as readonly string[]).includes(method) ? 'solana' : 'ethereum'

/** The chain an address is on: a 0x-prefixed 20-byte hex address is Ethereum's, anything else Solana's (base58). */
export const chainTypeOfAddress = (address: string): 'ethereum' | 'solana' => (/^0x[0-9a-fA-F]{40}$/.test(address) ? 'ethereum' : 'solana')

/** A wallet of a provider app's user, as the requester's `cross_app` account lists it. */
export interface CrossAppWallet {
  /** The provider app's id. */
  providerAppId: string
  /** The wallet's address. */
  address: string
  /** An embedded wallet or a smart wallet of the provider user. */
  kind: 'embedded' | 'smart'
  /** The wallet's chain, read from its address. */
  chainType: 'ethereum' | 'solana'
}

/** What the requester sends to the provider app's page (base64url JSON in the fragment). */
export interface TransactPayload {
  /** The requester's provider token. */
  token: string
  /** The requester page's origin: the only one the answer is posted to, once the server agreed. */
  origin: string
  address: string
  method: CrossAppMethod
  params: unknown[]
}

/**
 * A failed cross-app request: the plugin's code, and the EIP-1193 code a provider rejects with
 * (4001 when the user rejected or closed the popup, 4100 when this app may not ask, -32603 else).
 */
export class CrossAppRequestError extends PorticoError {
  override name = 'CrossAppRequestError'
  /** The EIP-1193 / JSON-RPC code. */
  readonly rpcCode: number
  constructor(code: CrossAppErrorCode, message: string = crossAppMessages[code as keyof typeof crossAppMessages] ?? code, cause?: unknown) {
    super(message, { code, ...(cause === undefined ? {} : { cause }) })
    this.rpcCode =
      code === 'CROSS_APP_REJECTED' ? 4001 : ['CROSS_APP_WRONG_ADDRESS', 'CROSS_APP_READ_ONLY', 'CROSS_APP_TOKEN_REQUIRED', 'CROSS_APP_INVALID_APP'].includes(code) ? 4100 : -32603
  }
}

/**
 * The wallets of provider apps the user reaches through their `cross_app` accounts.
 * @param user - the signed-in user (or null).
 * @returns the wallets, embedded ones first per account.
 * @example
 * ```ts
 * const [wallet] = crossAppWalletsOf(kernel.state.session.user)
 * ```
 */
export function crossAppWalletsOf(user: User | null): CrossAppWallet[] {
  const out: CrossAppWallet[] = []
  for (const account of user?.linked_accounts ?? []) {
    if (account.type !== CROSS_APP_ACCOUNT_TYPE) continue
    const a = account as unknown as { provider_app_id: string; embedded_wallets?: { address: string }[]; smart_wallets?: { address: string }[] }
    for (const w of a.embedded_wallets ?? []) out.push({ providerAppId: a.provider_app_id, address: w.address, kind: 'embedded', chainType: chainTypeOfAddress(w.address) })
    for (const w of a.smart_wallets ?? []) out.push({ providerAppId: a.provider_app_id, address: w.address, kind: 'smart', chainType: 'ethereum' })
  }
  return out
}

/** Options of {@link sendCrossAppRequest}. */
export interface CrossAppRequestOptions {
  /** The provider user's wallet address (one of {@link crossAppWalletsOf}). */
  address: string
  /** The method. */
  method: CrossAppMethod
  /**
   * Its parameters: for Ethereum as EIP-1193 gives them (`[message, address]`, `[address, typedData]`,
   * `[transaction]`); for Solana `[text]` or `[base64 wire transaction]` (see {@link CROSS_APP_SOLANA_METHODS}).
   */
  params: unknown[]
  /** The window (tests pass jsdom's). @defaultValue globalThis.window */
  win?: Window
}

/** Ethereum addresses compare without case (checksums), Solana's base58 addresses exactly. */
export const sameWalletAddress = (a: string, b: string) => (chainTypeOfAddress(a) === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b)

/** The plugin code of a server refusal of `transact/init`. */
function initFailure(err: unknown): CrossAppRequestError {
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'cross_app_read_only') return new CrossAppRequestError('CROSS_APP_READ_ONLY', undefined, err)
  if (code === 'invalid_credentials') return new CrossAppRequestError('CROSS_APP_TOKEN_REQUIRED', undefined, err)
  if (code === 'cross_app_connection_not_allowed') return new CrossAppRequestError('CROSS_APP_INVALID_APP', undefined, err)
  return new CrossAppRequestError('CROSS_APP_INIT_FAILED', undefined, err)
}

/** The error the provider page posted: one of the plugin's codes, else its text as a failure. */
function answerFailure(data: Record<string, unknown>): CrossAppRequestError {
  const code = typeof data.code === 'string' && data.code in CROSS_APP_ERRORS ? (data.code as CrossAppErrorCode) : null
  if (code) return new CrossAppRequestError(code)
  return new CrossAppRequestError('CROSS_APP_FAILED', typeof data.error === 'string' && data.error ? data.error.slice(0, 500) : 'Something went wrong')
}

/**
 * Asks a provider app's user's wallet to sign a message or typed data, or to send a transaction. Call
 * it from a click handler: the popup opens before anything is awaited. The provider's page shows its
 * own sign or send screen; the result is what its EIP-1193 provider answered (a signature, a
 * transaction hash).
 * @param ctx - the cross-app plugin's context.
 * @param options - the wallet, method and parameters.
 * @returns the result. Rejects with a {@link CrossAppRequestError}: `CROSS_APP_WRONG_ADDRESS` (not a
 *   wallet of the user's provider accounts), `CROSS_APP_TOKEN_REQUIRED`, `CROSS_APP_READ_ONLY`,
 *   `CROSS_APP_INVALID_APP`, `CROSS_APP_INIT_FAILED` (blocked popup, server failure),
 *   `CROSS_APP_TIMEOUT` (the plugin's `timeoutMs`, 120 s by default), `CROSS_APP_REJECTED` (rejected
 *   on the provider's page, or its popup closed).
 * @example
 * ```ts
 * import { sendCrossAppRequest } from 'portico/plugins/cross-app'
 * button.onclick = async () => {
 *   const signature = await sendCrossAppRequest(kernel.contextFor('cross-app'), { address, method: 'personal_sign', params: ['0x68656c6c6f', address] })
 * }
 * ```
 */
export function sendCrossAppRequest(ctx: PluginContext, options: CrossAppRequestOptions): Promise<unknown> {
  const win = options.win ?? globalThis.window
  const wallet = crossAppWalletsOf(ctx.session().user).find((w) => sameWalletAddress(w.address, options.address))
  if (!wallet) return Promise.reject(new CrossAppRequestError('CROSS_APP_WRONG_ADDRESS'))
  if (!(CROSS_APP_METHODS as readonly string[]).includes(options.method)) {
    return Promise.reject(new CrossAppRequestError('CROSS_APP_FAILED', `Unsupported method ${String(options.method)}`))
  }
  if (chainTypeOfMethod(options.method) !== wallet.chainType) {
    return Promise.reject(new CrossAppRequestError('CROSS_APP_FAILED', `${options.method} is not a method of ${wallet.chainType === 'ethereum' ? 'an Ethereum' : 'a Solana'} wallet`))
  }
  const known = (ctx.state as CrossAppState).connections?.find((c) => c.id === wallet.providerAppId)
  if (known?.readOnly) return Promise.reject(new CrossAppRequestError('CROSS_APP_READ_ONLY'))
  const token = ctx.storage.get(crossAppTokenKey(wallet.providerAppId))
  if (!token) return Promise.reject(new CrossAppRequestError('CROSS_APP_TOKEN_REQUIRED'))
  // Synchronously, inside the user's click: a popup opened after an await is blocked.
  const popup = openCrossAppPopup(win, 'portico-cross-app-transact')
  if (!popup) return Promise.reject(new CrossAppRequestError('CROSS_APP_INIT_FAILED'))
  return run(ctx, win, popup, wallet, token, options).catch((err: unknown) => {
    if (!popup.closed) popup.close()
    throw err
  })
}

async function run(ctx: PluginContext, win: Window, popup: Window, wallet: CrossAppWallet, token: string, options: CrossAppRequestOptions): Promise<unknown> {
  let page: { page_url: string; page_origin: string }
  try {
    page = await ctx.api.request(crossAppRoutes.transactInit, { provider_app_id: wallet.providerAppId, token })
  } catch (err) {
    throw initFailure(err)
  }
  if (popup.closed) throw new CrossAppRequestError('CROSS_APP_REJECTED')
  const payload: TransactPayload = { token, origin: win.location.origin, address: wallet.address, method: options.method, params: options.params }
  const url = new URL(page.page_url)
  url.hash = `${TRANSACT_PARAM}=${bytesToBase64Url(new TextEncoder().encode(JSON.stringify(payload)))}`
  popup.location.href = url.href
  try {
    return await awaitPopup(win, popup, {
      origin: page.page_origin,
      timeoutMs: (ctx.state as CrossAppState).timeoutMs,
      read(data) {
        if (data.type === CROSS_APP_ACTION_MESSAGES.response) return { value: data.result }
        if (data.type === CROSS_APP_ACTION_MESSAGES.error) throw answerFailure(data)
        return undefined
      },
      closed: () => new CrossAppRequestError('CROSS_APP_REJECTED'),
    })
  } catch (err) {
    if (err instanceof CrossAppRequestError) throw err
    if ((err as { code?: unknown }).code === 'client_request_timeout') throw new CrossAppRequestError('CROSS_APP_TIMEOUT', undefined, err)
    throw new CrossAppRequestError('CROSS_APP_FAILED', undefined, err)
  }
}

/** An EIP-1193 provider over a provider app's wallet ({@link createCrossAppEthereumProvider}). */
export interface CrossAppEthereumProvider {
  /** EIP-1193 `request`: signatures and transactions go to the provider's page; rejections carry `code` 4001. */
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>
  /** Subscribes to `chainChanged`. */
  on(event: 'chainChanged', listener: (chainId: string) => void): void
  /** Unsubscribes. */
  removeListener(event: 'chainChanged', listener: (chainId: string) => void): void
}

/** An EIP-1193 error: a numeric `code`, the plugin's in `portico`. */
function rpcError(err: unknown): Error {
  const e = err instanceof CrossAppRequestError ? err : new CrossAppRequestError('CROSS_APP_FAILED', undefined, err)
  return Object.assign(new Error(e.message), { code: e.rpcCode, portico: e.code, cause: e })
}

/**
 * An EIP-1193 provider over one of the user's provider-app wallets, for viem's `custom()` transport or
 * wagmi. `personal_sign`, `eth_signTypedData_v4` and `eth_sendTransaction` open the provider's page
 * (call them inside a click); `eth_accounts`, `eth_chainId` and `wallet_switchEthereumChain` answer
 * at once (the chain is this provider's own until switched: a transaction is sent on it).
 * @param ctx - the cross-app plugin's context.
 * @param wallet - the wallet.
 * @param options - `chainId`: the starting chain (default 1); `win`: the window.
 * @returns the provider.
 * @example
 * ```ts
 * import { createWalletClient, custom } from 'viem'
 * const provider = createCrossAppEthereumProvider(ctx, wallet, { chainId: 8453 })
 * const client = createWalletClient({ account: wallet.address, transport: custom(provider) })
 * ```
 */
export function createCrossAppEthereumProvider(
  ctx: PluginContext,
  wallet: CrossAppWallet,
  options: { chainId?: number; win?: Window } = {},
): CrossAppEthereumProvider {
  let chainId = options.chainId ?? 1
  const listeners = new Set<(chainId: string) => void>()
  const hexChain = () => `0x${chainId.toString(16)}`
  const send = (method: CrossAppMethod, params: unknown[]) =>
    sendCrossAppRequest(ctx, { address: wallet.address, method, params, ...(options.win ? { win: options.win } : {}) }).catch((err: unknown) => {
      throw rpcError(err)
    })
  return {
    request({ method, params }) {
      const list = Array.isArray(params) ? params : []
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return Promise.resolve([wallet.address])
        case 'eth_chainId':
          return Promise.resolve(hexChain())
        case 'wallet_switchEthereumChain': {
          const next = Number((list[0] as { chainId?: unknown } | undefined)?.chainId)
          if (!Number.isSafeInteger(next) || next <= 0) return Promise.reject(Object.assign(new Error('Invalid chain id'), { code: -32602 }))
          if (next !== chainId) {
            chainId = next
            for (const l of listeners) l(hexChain())
          }
          return Promise.resolve(null)
        }
        case 'eth_sendTransaction': {
          const tx = { ...(list[0] as Record<string, unknown> | undefined) }
          tx.chainId ??= chainId
          return send('eth_sendTransaction', [tx])
        }
        case 'personal_sign':
        case 'eth_signTypedData_v4':
          return send(method, list)
        default:
          return Promise.reject(Object.assign(new Error(`The cross-app wallet does not support ${method}`), { code: 4200 }))
      }
    },
    on(_event, listener) {
      listeners.add(listener)
    },
    removeListener(_event, listener) {
      listeners.delete(listener)
    },
  }
}

/** A provider app's Solana wallet ({@link createCrossAppSolanaWallet}). */
export interface CrossAppSolanaWallet {
  /** The wallet's base58 address. */
  readonly address: string
  /**
   * Signs a text message (its UTF-8 bytes) on the provider's page.
   * @param message - the text.
   * @returns the 64-byte ed25519 signature.
   */
  signMessage(message: string): Promise<Uint8Array>
  /**
   * Signs a transaction's wire bytes as one of its signers on the provider's page; other signatures are kept.
   * @param transaction - the wire bytes (signatures, then the message).
   * @returns the wire bytes with the wallet's signature in its slot.
   */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
  /**
   * Signs a transaction and has the provider's page send it through its app's Solana RPC.
   * @param transaction - the wire bytes.
   * @returns the transaction's base58 signature, once the RPC accepted it.
   */
  signAndSendTransaction(transaction: Uint8Array): Promise<string>
}

/** A base64 answer of the provider's page, as bytes (a malformed one is a failure, not a signature). */
function bytesOf(result: unknown): Uint8Array {
  try {
    if (typeof result === 'string') return base64ToBytes(result)
  } catch {
    // reported below
  }
  throw new CrossAppRequestError('CROSS_APP_FAILED', "The provider app's answer is not base64")
}

/**
 * A provider app user's Solana wallet, signing on the provider app's page (call its methods inside a
 * click: each opens the page in a popup). Rejections are {@link CrossAppRequestError}s, as
 * {@link sendCrossAppRequest}'s.
 * @param ctx - the cross-app plugin's context.
 * @param wallet - the wallet (a Solana one of {@link crossAppWalletsOf}).
 * @param options - `win`: the window.
 * @returns the wallet.
 * @throws CrossAppRequestError `CROSS_APP_WRONG_ADDRESS` when the wallet is not a Solana wallet.
 * @example
 * ```ts
 * const wallet = createCrossAppSolanaWallet(ctx, crossAppWalletsOf(user).find((w) => w.chainType === 'solana')!)
 * button.onclick = async () => console.log(await wallet.signMessage('Hello'))
 * ```
 */
export function createCrossAppSolanaWallet(ctx: PluginContext, wallet: CrossAppWallet, options: { win?: Window } = {}): CrossAppSolanaWallet {
  if (wallet.chainType !== 'solana') throw new CrossAppRequestError('CROSS_APP_WRONG_ADDRESS')
  const send = (method: (typeof CROSS_APP_SOLANA_METHODS)[number], param: string) =>
    sendCrossAppRequest(ctx, { address: wallet.address, method, params: [param], ...(options.win ? { win: options.win } : {}) })
  return {
    address: wallet.address,
    signMessage: async (message) => bytesOf(await send('solana_signMessage', message)),
    signTransaction: async (transaction) => bytesOf(await send('solana_signTransaction', bytesToBase64(transaction))),
    async signAndSendTransaction(transaction) {
      const signature = await send('solana_signAndSendTransaction', bytesToBase64(transaction))
      if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature)) {
        throw new CrossAppRequestError('CROSS_APP_FAILED', "The provider app's answer is not a transaction signature")
      }
      return signature
    },
  }
}

/** Where the provider page keeps a request across its own sign-in (an OAuth redirect). */
export const PENDING_TRANSACT_KEY = 'portico:cross-app:transact'

function asPayload(value: unknown): TransactPayload | null {
  const p = value as Partial<TransactPayload> | null
  if (!p || typeof p !== 'object') return null
  if (typeof p.token !== 'string' || typeof p.origin !== 'string' || typeof p.address !== 'string') return null
  if (!(CROSS_APP_METHODS as readonly unknown[]).includes(p.method) || !Array.isArray(p.params)) return null
  return p as TransactPayload
}

/**
 * On the provider app's page: takes a requester's request out of the address fragment (or from session
 * storage, after the page's own sign-in redirect) and keeps it for the session.
 * @param win - the window. @defaultValue globalThis.window
 * @returns the request, or null when the page has none (or a malformed one).
 * @example
 * ```ts
 * const payload = readTransactRequest()
 * ```
 */
export function readTransactRequest(win: Window | undefined = globalThis.window): TransactPayload | null {
  if (!win?.location) return null
  const hash = new URLSearchParams(win.location.hash.slice(1))
  const carried = hash.get(TRANSACT_PARAM)
  if (carried === null) {
    try {
      const saved = win.sessionStorage.getItem(PENDING_TRANSACT_KEY)
      return saved ? asPayload(JSON.parse(saved)) : null
    } catch {
      return null
    }
  }
  // Out of the address at once: the fragment carries the requester's token.
  const url = new URL(win.location.href)
  url.hash = ''
  win.history.replaceState(win.history.state, '', url.href)
  let payload: TransactPayload | null
  try {
    payload = asPayload(JSON.parse(new TextDecoder().decode(base64ToBytes(carried))))
  } catch {
    payload = null
  }
  if (!payload) return null
  try {
    win.sessionStorage.setItem(PENDING_TRANSACT_KEY, JSON.stringify(payload))
  } catch {
    // no session storage: the request lives in memory only
  }
  return payload
}

/**
 * Forgets the pending request (once answered).
 * @param win - the window. @defaultValue globalThis.window
 * @example
 * ```ts
 * clearTransactRequest()
 * ```
 */
export function clearTransactRequest(win: Window | undefined = globalThis.window): void {
  try {
    win?.sessionStorage.removeItem(PENDING_TRANSACT_KEY)
  } catch {
    // nothing stored
  }
}
