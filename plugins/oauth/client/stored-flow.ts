/**
 * What one OAuth flow keeps in the kernel's storage between leaving the page and coming back: the
 * PKCE verifier, the state code and the flow's flags.
 * @module
 */
import type { StorageAdapter } from '../../../kernel/types'
import { randomCode } from '../../../protocols/oauth/pkce'

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
