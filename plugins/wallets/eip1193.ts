/**
 * Helpers connector plugins share for EIP-1193 providers: error mapping onto
 * {@link WALLET_ERROR_CODES}, requests with a timeout and an abort signal, retries, chain switching
 * (adding the chain on 4902) and CAIP-2 chain ids. No SDK is imported here, so these cost little in
 * the initial bundle.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { format } from '../../kernel/messages'
import { walletMessages } from './messages'
import { WALLET_ERROR_CODES, type AddableChain, type WalletErrorCode } from './types'

/** The request half of an EIP-1193 provider: all the helpers need. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
}

/** How long a wallet request may take when the caller sets no timeout: a wallet prompt waits on a person. */
export const WALLET_REQUEST_TIMEOUT_MS = 120_000
/** Accounts and chain id lookup after a connection: tries (spec section 9). */
export const WALLET_LOOKUP_TRIES = 10
/** Accounts and chain id lookup after a connection: the wait between tries, in ms. */
export const WALLET_LOOKUP_DELAY_MS = 500
/** The chain a wallet starts on when the app names none (`0x1`). */
export const DEFAULT_WALLET_CHAIN = 'eip155:1'

/** Where a wallet error happened, to pick the right text. */
export interface WalletErrorContext {
  /** The RPC method or action (`eth_requestAccounts`, `wallet_switchEthereumChain`, `connect`...). */
  method?: string
  /** The CAIP-2 chain id involved, for 'Unsupported chainId: {id}'. */
  chainId?: string
}

const WALLET_CODES = new Set<string>(Object.values(WALLET_ERROR_CODES))

function walletError(code: WalletErrorCode, key: keyof typeof walletMessages, cause?: unknown, values?: Record<string, string | number>): PorticoError {
  const details = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : undefined
  return new PorticoError(format(walletMessages[key], values), { code, cause, details })
}

/**
 * Builds a wallet error with its spec text.
 * @param code - a {@link WALLET_ERROR_CODES} value.
 * @param options - the chain id (for 'Unsupported chainId: {id}'), a more precise text for
 *   `unavailable` (`accounts`, `address`, `chain`) and the cause.
 * @returns the PorticoError.
 * @example
 * ```ts
 * import { createWalletError, WALLET_ERROR_CODES } from 'portico/plugins/wallets'
 * throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'accounts' }) // 'Unable to retrieve accounts'
 * ```
 */
export function createWalletError(
  code: WalletErrorCode,
  options: { chainId?: string; what?: 'accounts' | 'address' | 'chain'; cause?: unknown } = {},
): PorticoError {
  const { cause } = options
  switch (code) {
    case WALLET_ERROR_CODES.rejected:
      return walletError(code, 'PORTICO_WALLET_REJECTED', cause)
    case WALLET_ERROR_CODES.timeout:
      return walletError(code, 'PORTICO_WALLET_TIMEOUT', cause)
    case WALLET_ERROR_CODES.aborted:
      return walletError(code, 'PORTICO_WALLET_ABORTED', cause)
    case WALLET_ERROR_CODES.notConnected:
      return walletError(code, 'PORTICO_WALLET_NOT_CONNECTED', cause)
    case WALLET_ERROR_CODES.unsupportedChain:
      return walletError(code, 'PORTICO_WALLET_UNSUPPORTED_CHAIN', cause, { id: options.chainId ?? 'unknown' })
    case WALLET_ERROR_CODES.unsupportedMethod:
      return walletError(code, 'PORTICO_WALLET_INVALID_PARAMS', cause)
    case WALLET_ERROR_CODES.disconnected:
      return walletError(code, 'PORTICO_WALLET_DISCONNECTED', cause)
    case WALLET_ERROR_CODES.pending:
      return walletError(code, 'PORTICO_WALLET_PENDING', cause)
    case WALLET_ERROR_CODES.unavailable:
      return walletError(
        code,
        options.what === 'address' ? 'PORTICO_WALLET_NO_ADDRESS' : options.what === 'chain' ? 'PORTICO_WALLET_NO_CHAIN' : 'PORTICO_WALLET_NO_ACCOUNTS',
        cause,
      )
    default:
      return walletError(WALLET_ERROR_CODES.failed, 'PORTICO_WALLET_CONNECT_FAILED', cause)
  }
}

/**
 * The numeric code of a provider error. MetaMask and others wrap the wallet's own error (4001) in a
 * generic one (-32603) under `data.originalError`, so the innermost code wins.
 */
function rpcCode(err: unknown): number | undefined {
  let found: number | undefined
  let e: unknown = err
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { code?: unknown; data?: { originalError?: unknown }; cause?: unknown; name?: unknown }
    // DOMException codes (ABORT_ERR = 20) are not JSON-RPC codes.
    if (typeof o.code === 'number' && !(typeof DOMException !== 'undefined' && e instanceof DOMException)) found = o.code
    e = o.data?.originalError ?? o.cause
  }
  return found
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message
  }
  return typeof err === 'string' ? err : ''
}

/**
 * Maps an EIP-1193 / JSON-RPC error (or a wallet SDK's error) onto a PorticoError with a
 * {@link WALLET_ERROR_CODES} code and the spec's text. Errors already carrying a wallet code pass through.
 * 4001 → rejected; 4100 → not connected; 4200, -32601, -32602 → 'Invalid params'; 4900, 4901 →
 * 'Disconnected'; 4902 → 'Unsupported chainId: {id}'; -32002 → request already pending; an
 * `AbortError` → aborted; anything else (-32603...) → 'Unable to connect wallet'.
 * @param err - what the provider threw.
 * @param context - the method and chain involved.
 * @returns the PorticoError (the original is its `cause`).
 * @example
 * ```ts
 * import { toWalletError } from 'portico/plugins/wallets'
 * toWalletError({ code: 4001, message: 'User denied' }).code // 'wallet_user_rejected'
 * ```
 */
export function toWalletError(err: unknown, context: WalletErrorContext = {}): PorticoError {
  if (err instanceof PorticoError && err.code && WALLET_CODES.has(err.code)) return err
  const code = rpcCode(err)
  const message = messageOf(err)
  const name = err && typeof err === 'object' ? (err as { name?: unknown }).name : undefined
  switch (code) {
    case 4001:
      return createWalletError(WALLET_ERROR_CODES.rejected, { cause: err })
    case 4100:
      return createWalletError(WALLET_ERROR_CODES.notConnected, { cause: err })
    case 4200:
    case -32601:
    case -32602:
      return createWalletError(WALLET_ERROR_CODES.unsupportedMethod, { cause: err })
    case 4900:
    case 4901:
      return createWalletError(WALLET_ERROR_CODES.disconnected, { cause: err })
    case 4902:
      return createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: context.chainId, cause: err })
    case -32002:
      return createWalletError(WALLET_ERROR_CODES.pending, { cause: err })
  }
  if (name === 'AbortError') return createWalletError(WALLET_ERROR_CODES.aborted, { cause: err })
  if (name === 'TimeoutError') return createWalletError(WALLET_ERROR_CODES.timeout, { cause: err })
  // Wallets that throw without a code (Wallet Standard wallets, some SDKs) still say so in words.
  if (/user (rejected|denied|cancel+ed|closed)|rejected by (the )?user|request rejected/i.test(message)) {
    return createWalletError(WALLET_ERROR_CODES.rejected, { cause: err })
  }
  return createWalletError(WALLET_ERROR_CODES.failed, { cause: err })
}

/** Options of {@link walletRequest}. */
export interface WalletRequestOptions {
  /** @defaultValue {@link WALLET_REQUEST_TIMEOUT_MS} */
  timeoutMs?: number
  /** Aborting rejects with the wallet abort error (the wallet's prompt may stay open). */
  signal?: AbortSignal
  /** The chain involved, for error texts. */
  chainId?: string
}

/**
 * Throws the wallet abort error when the signal is aborted.
 * @param signal - the signal, if any.
 * @returns nothing.
 * @example
 * ```ts
 * import { throwIfAborted } from 'portico/plugins/wallets'
 * throwIfAborted(controller.signal)
 * ```
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw createWalletError(WALLET_ERROR_CODES.aborted, { cause: signal.reason })
}

/**
 * Races a promise against a timeout and an abort signal, mapping its failure with {@link toWalletError}.
 * @param run - starts the work.
 * @param options - timeout, signal and the context for error texts.
 * @returns what the work resolved to.
 * @example
 * ```ts
 * import { withWalletTimeout } from 'portico/plugins/wallets'
 * const accounts = await withWalletTimeout(() => wallet.connect(), { timeoutMs: 30_000, method: 'connect' })
 * ```
 */
export function withWalletTimeout<T>(
  run: () => Promise<T>,
  options: WalletRequestOptions & { method?: string } = {},
): Promise<T> {
  const { signal, timeoutMs = WALLET_REQUEST_TIMEOUT_MS } = options
  if (signal?.aborted) return Promise.reject(createWalletError(WALLET_ERROR_CODES.aborted, { cause: signal.reason }))
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      fn()
    }
    const onAbort = () => finish(() => reject(createWalletError(WALLET_ERROR_CODES.aborted, { cause: signal?.reason })))
    const timer = setTimeout(
      () => finish(() => reject(createWalletError(WALLET_ERROR_CODES.timeout, { cause: `${options.method ?? 'request'} took over ${timeoutMs} ms` }))),
      timeoutMs,
    )
    signal?.addEventListener('abort', onAbort, { once: true })
    let started: Promise<T>
    try {
      started = run()
    } catch (e) {
      started = Promise.reject(e)
    }
    started.then(
      (value) => finish(() => resolve(value)),
      (e) => finish(() => reject(toWalletError(e, { method: options.method, chainId: options.chainId }))),
    )
  })
}

/**
 * Sends one request to an EIP-1193 provider with a timeout and an abort signal; provider errors
 * are mapped with {@link toWalletError}.
 * @param provider - the provider.
 * @param args - method and params.
 * @param options - `timeoutMs` (default {@link WALLET_REQUEST_TIMEOUT_MS}, or a per-wallet override) and `signal`.
 * @returns the provider's result.
 * @example
 * ```ts
 * import { walletRequest } from 'portico/plugins/wallets'
 * const accounts = await walletRequest<string[]>(window.ethereum, { method: 'eth_requestAccounts' }, { timeoutMs: 60_000 })
 * ```
 */
export function walletRequest<T = unknown>(
  provider: Eip1193Provider,
  args: { method: string; params?: readonly unknown[] | object },
  options: WalletRequestOptions = {},
): Promise<T> {
  return withWalletTimeout(() => provider.request(args) as Promise<T>, { ...options, method: args.method })
}

/** Options of {@link withRetries}. */
export interface RetryOptions {
  /** @defaultValue {@link WALLET_LOOKUP_TRIES} */
  tries?: number
  /** @defaultValue {@link WALLET_LOOKUP_DELAY_MS} */
  delayMs?: number
  /** The wait between tries; the kernel passes its injectable one. @defaultValue a setTimeout wait */
  sleep?: (ms: number) => Promise<void>
  /** Stops retrying (rejects with the wallet abort error). */
  signal?: AbortSignal
}

/**
 * Calls `fn` until it resolves, at most `tries` times, waiting `delayMs` between tries. Wallets
 * often answer `eth_accounts` or `eth_chainId` late right after a connection.
 * @param fn - the attempt (receives its 1-based number); throw to retry.
 * @param options - tries, delay, sleep and an abort signal.
 * @returns the first result.
 * @throws the last attempt's error when every try failed.
 * @example
 * ```ts
 * import { withRetries } from 'portico/plugins/wallets'
 * const accounts = await withRetries(async () => {
 *   const a = await connector.getAccounts()
 *   if (a.length === 0) throw new Error('none yet')
 *   return a
 * }, { tries: 10, delayMs: 500 })
 * ```
 */
export async function withRetries<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { tries = WALLET_LOOKUP_TRIES, delayMs = WALLET_LOOKUP_DELAY_MS, signal } = options
  const wait = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  let last: unknown
  for (let attempt = 1; attempt <= Math.max(1, tries); attempt++) {
    throwIfAborted(signal)
    try {
      return await fn(attempt)
    } catch (e) {
      // An abort or a refusal will not change on a retry.
      const code = (e as { code?: unknown } | null)?.code
      if (code === WALLET_ERROR_CODES.aborted || code === WALLET_ERROR_CODES.rejected) throw e
      last = e
    }
    if (attempt < tries) await wait(delayMs)
  }
  throw last
}

/**
 * Turns a chain id in any usual form (number, `0x` hex, decimal string, CAIP-2) into CAIP-2.
 * Strings that are CAIP-2 already (`eip155:1`, `solana:mainnet`) pass through.
 * @param chainId - the chain id.
 * @returns the CAIP-2 id (`eip155:{number}` for Ethereum).
 * @throws 'Unsupported chainId: {id}' when it is none of these forms.
 * @example
 * ```ts
 * import { toCaip2 } from 'portico/plugins/wallets'
 * toCaip2('0x89') // 'eip155:137'
 * ```
 */
export function toCaip2(chainId: number | bigint | string): string {
  if (typeof chainId === 'number' || typeof chainId === 'bigint') {
    if (typeof chainId === 'number' && (!Number.isSafeInteger(chainId) || chainId <= 0)) {
      throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: String(chainId) })
    }
    return `eip155:${chainId.toString()}`
  }
  const s = chainId.trim()
  if (/^0x[0-9a-f]+$/i.test(s) && BigInt(s) > 0n) return `eip155:${BigInt(s).toString()}`
  if (/^[1-9][0-9]*$/.test(s)) return `eip155:${s}`
  if (/^eip155:[1-9][0-9]*$/.test(s)) return s
  if (/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(s) && !s.startsWith('eip155:')) return s
  throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: s })
}

/**
 * The number of an Ethereum chain id (`eip155:1` → 1; hex and numbers are accepted too).
 * @param chainId - the chain id.
 * @returns the chain number.
 * @throws 'Unsupported chainId: {id}' for a non-Ethereum or malformed id.
 * @example
 * ```ts
 * import { chainIdNumber } from 'portico/plugins/wallets'
 * chainIdNumber('eip155:8453') // 8453
 * ```
 */
export function chainIdNumber(chainId: string | number): number {
  const caip = toCaip2(chainId)
  const n = caip.startsWith('eip155:') ? Number(caip.slice(7)) : NaN
  if (!Number.isSafeInteger(n)) throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: String(chainId) })
  return n
}

/**
 * The `0x` hex form EIP-1193 methods take (`eip155:137` → `0x89`).
 * @param chainId - the chain id in any form {@link toCaip2} accepts.
 * @returns the hex chain id.
 * @example
 * ```ts
 * import { toHexChainId } from 'portico/plugins/wallets'
 * toHexChainId('eip155:1') // '0x1'
 * ```
 */
export function toHexChainId(chainId: string | number): `0x${string}` {
  return `0x${chainIdNumber(chainId).toString(16)}`
}

/**
 * Moves an EIP-1193 wallet to a chain: `wallet_switchEthereumChain`; when the wallet does not know
 * the chain (4902), `wallet_addEthereumChain` with `chain`, then the switch again.
 * @param provider - the provider.
 * @param chainId - the target chain (CAIP-2 or any form {@link toCaip2} accepts).
 * @param chain - what adding the chain needs; without it an unknown chain is 'Unsupported chainId: {id}'.
 * @param options - timeout and abort signal for each request.
 * @returns nothing once the wallet is on the chain.
 * @example
 * ```ts
 * import { switchEthereumChain } from 'portico/plugins/wallets'
 * await switchEthereumChain(provider, 'eip155:8453', {
 *   chainName: 'Base', rpcUrls: ['https://mainnet.base.org'],
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 * })
 * ```
 */
export async function switchEthereumChain(
  provider: Eip1193Provider,
  chainId: string | number,
  chain?: AddableChain,
  options: WalletRequestOptions = {},
): Promise<void> {
  const caip = toCaip2(chainId)
  const hex = toHexChainId(caip)
  const opts = { ...options, chainId: caip }
  const switchOnce = () => walletRequest(provider, { method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] }, opts)
  try {
    await switchOnce()
    return
  } catch (e) {
    const unknownChain = rpcCode((e as PorticoError).cause ?? e) === 4902
    if (!unknownChain) throw e
    if (!chain) throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: caip, cause: e })
  }
  await walletRequest(
    provider,
    {
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: hex,
          chainName: chain.chainName,
          rpcUrls: chain.rpcUrls,
          nativeCurrency: chain.nativeCurrency,
          ...(chain.blockExplorerUrls?.length ? { blockExplorerUrls: chain.blockExplorerUrls } : {}),
        },
      ],
    },
    opts,
  )
  await switchOnce()
}
