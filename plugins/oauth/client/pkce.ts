/**
 * PKCE and state helpers of the OAuth client: the random code verifier and state code, the S256
 * challenge, and what one flow keeps in the kernel's storage between leaving the page and coming back.
 * @module
 */
import type { StorageAdapter } from '../../../kernel/types'

/** Random bytes in a code verifier and in a state code (spec section 9): 48 base64url characters each. */
export const OAUTH_RANDOM_BYTES = 36

/**
 * Storage keys of an OAuth flow. The first two are the wire-format names the contract lists; the
 * others carry what the page must remember across a full-page redirect (the kernel forgets its
 * in-memory intent and sign-up mode when the page reloads).
 */
export const OAUTH_STORAGE_KEYS = {
  codeVerifier: 'privy:code_verifier',
  stateCode: 'privy:state_code',
  /** The provider the flow was started with (the status screen names it before the server answers). */
  provider: 'privy:oauth_provider',
  /** 'link' when the flow adds an account to the signed-in user. */
  intent: 'privy:oauth_intent',
  /** 't' when sign-up is disabled for this attempt ('no-signup'). */
  disableSignup: 'privy:oauth_disable_signup',
  /** 't' when the flow was started without the modal ('without product UI'). */
  headless: 'privy:headless_oauth',
  /** 't' while a popup flow runs: the page that loads in the popup posts its result instead of signing in. */
  popup: 'privy:oauth_popup',
} as const

/**
 * Encodes bytes as unpadded base64url.
 * @param bytes - the bytes.
 * @returns the text.
 * @example
 * ```ts
 * base64Url(new Uint8Array([255, 255])) // '__8'
 * ```
 */
export function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * Makes a random code (a code verifier or a state code): {@link OAUTH_RANDOM_BYTES} bytes from
 * `crypto.getRandomValues`, as 48 base64url characters.
 * @returns the code.
 * @example
 * ```ts
 * import { randomCode } from 'portico/plugins/oauth'
 * randomCode().length // 48
 * ```
 */
export function randomCode(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(OAUTH_RANDOM_BYTES)))
}

/**
 * Derives the S256 code challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636).
 * @param verifier - the code verifier.
 * @returns the 43-character challenge.
 * @example
 * ```ts
 * import { codeChallenge } from 'portico/plugins/oauth'
 * await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * ```
 */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64Url(new Uint8Array(digest))
}

/** What a flow remembers between its start and the provider's return. */
export interface StoredFlow {
  codeVerifier: string | null
  stateCode: string | null
  provider: string | null
  intent: 'login' | 'link'
  disableSignup: boolean
  headless: boolean
  popup: boolean
}

/** Options of {@link beginStoredFlow}. */
export interface BeginFlowOptions {
  provider: string
  intent?: 'login' | 'link'
  disableSignup?: boolean
  headless?: boolean
  popup?: boolean
}

/**
 * Starts a flow's storage: a fresh verifier and state code, and the flags the return needs.
 * Anything left from an earlier, abandoned flow is replaced.
 * @param storage - the kernel's storage.
 * @param options - provider, intent and flags.
 * @returns the new verifier and state code.
 * @example
 * ```ts
 * import { beginStoredFlow } from 'portico/plugins/oauth'
 * const { codeVerifier, stateCode } = beginStoredFlow(ctx.storage, { provider: 'google' })
 * ```
 */
export function beginStoredFlow(storage: StorageAdapter, options: BeginFlowOptions): { codeVerifier: string; stateCode: string } {
  clearStoredFlow(storage)
  const codeVerifier = randomCode()
  const stateCode = randomCode()
  storage.set(OAUTH_STORAGE_KEYS.codeVerifier, codeVerifier)
  storage.set(OAUTH_STORAGE_KEYS.stateCode, stateCode)
  storage.set(OAUTH_STORAGE_KEYS.provider, options.provider)
  if (options.intent === 'link') storage.set(OAUTH_STORAGE_KEYS.intent, 'link')
  if (options.disableSignup) storage.set(OAUTH_STORAGE_KEYS.disableSignup, 't')
  if (options.headless) storage.set(OAUTH_STORAGE_KEYS.headless, 't')
  if (options.popup) storage.set(OAUTH_STORAGE_KEYS.popup, 't')
  return { codeVerifier, stateCode }
}

/**
 * Reads what the current flow stored.
 * @param storage - the kernel's storage.
 * @returns the stored flow (null fields when nothing is stored).
 * @example
 * ```ts
 * import { readStoredFlow } from 'portico/plugins/oauth'
 * readStoredFlow(ctx.storage).intent // 'login'
 * ```
 */
export function readStoredFlow(storage: StorageAdapter): StoredFlow {
  return {
    codeVerifier: storage.get(OAUTH_STORAGE_KEYS.codeVerifier),
    stateCode: storage.get(OAUTH_STORAGE_KEYS.stateCode),
    provider: storage.get(OAUTH_STORAGE_KEYS.provider),
    intent: storage.get(OAUTH_STORAGE_KEYS.intent) === 'link' ? 'link' : 'login',
    disableSignup: storage.get(OAUTH_STORAGE_KEYS.disableSignup) === 't',
    headless: storage.get(OAUTH_STORAGE_KEYS.headless) === 't',
    popup: storage.get(OAUTH_STORAGE_KEYS.popup) === 't',
  }
}

/**
 * Removes everything a flow stored (the verifier, the state code and the flags), once it completed
 * or failed: a verifier is good for one exchange only.
 * @param storage - the kernel's storage.
 * @example
 * ```ts
 * import { clearStoredFlow } from 'portico/plugins/oauth'
 * clearStoredFlow(ctx.storage)
 * ```
 */
export function clearStoredFlow(storage: StorageAdapter): void {
  for (const key of Object.values(OAUTH_STORAGE_KEYS)) storage.remove(key)
}
