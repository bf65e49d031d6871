/**
 * The hooks host apps call: `usePortico`, `useLogin`, `useLogout`, `useLinkAccount`,
 * `useIdentityToken`, `useSessions`. Plugins bring their own (`useWallets` and `useConnectWallet`
 * are the wallets plugin's).
 * @module
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react'
import { useSnapshot } from 'valtio'
import type { LoginResult } from '../kernel/plugin'
import type { SessionEntry, User } from '../kernel/wire'
import { useKernel } from './context'
import { PorticoError } from '../kernel/errors'
import { toPorticoError } from '../kernel/error-registry'
import { decodeJwt, type TokenClaims } from '../kernel/jwt'

/** Options of one login attempt, passed to `login(...)` of {@link usePortico} or {@link useLogin}. */
export interface LoginOptions {
  /**
   * Only existing users may sign in on this attempt: the server answers `user_does_not_exist` for
   * an unknown account and the modal shows 'Account not found'. @defaultValue false
   */
  disableSignup?: boolean
}

/**
 * What `login` accepts: options, or the click event of `onClick={login}`, which is ignored, so
 * handlers written before options existed keep working.
 */
export type LoginArgument = LoginOptions | SyntheticEvent

/** Opens the landing screen for one attempt. */
function openLogin(kernel: ReturnType<typeof useKernel>, options?: LoginArgument): void {
  const disableSignup = !!options && typeof options === 'object' && (options as LoginOptions).disableSignup === true
  kernel.openModal('portico/landing', disableSignup ? { disableSignup: true } : {})
}

/** What {@link usePortico} returns. */
export interface UsePorticoResult {
  /** The app configuration is loaded and the stored session restored. */
  ready: boolean
  /** A user is signed in (false while a login waits for the terms consent the app requires). */
  authenticated: boolean
  /** The signed-in user; null when `authenticated` is false. */
  user: User | null
  /**
   * Opens the login modal at the landing screen.
   * @param options - `{ disableSignup: true }` lets only existing users in on this attempt.
   */
  login: (options?: LoginArgument) => void
  /** Logs out (local state first, then the server). */
  logout: () => Promise<void>
  /** The current access token, refreshed when about to expire; null when signed out. */
  getAccessToken: () => Promise<string | null>
}

/**
 * Reads the session of the nearest provider; re-renders when it changes.
 * @returns ready, authenticated, user and the login/logout/token actions.
 * @example
 * ```tsx
 * import { usePortico } from 'portico/react'
 * function Header() {
 *   const { ready, authenticated, user, login, logout } = usePortico()
 *   if (!ready) return null
 *   return authenticated ? <button onClick={logout}>Log out {user?.id}</button> : <button onClick={() => login()}>Log in</button>
 * }
 * // Existing users only (no sign-up on this attempt):
 * // <button onClick={() => login({ disableSignup: true })}>Log in</button>
 * ```
 */
export function usePortico(): UsePorticoResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  // Leaf reads: re-render only for these properties.
  const ready = snap.ready
  const status = snap.session.status
  // A user who has not yet given the consent the app requires is not signed in for the host.
  const user = status === 'authenticated' ? (snap.session.user as User | null) : null
  const login = useCallback((options?: LoginArgument) => openLogin(kernel, options), [kernel])
  const logout = useCallback(() => kernel.logout(), [kernel])
  const getAccessToken = useCallback(() => kernel.getAccessToken(), [kernel])
  return { ready, authenticated: status === 'authenticated', user, login, logout, getAccessToken }
}

/** Callbacks of {@link useLogin}. */
export interface UseLoginOptions {
  /** A login completed (after the post-login steps). */
  onComplete?: (result: LoginResult) => void
  /** A login failed; receives the error's code (`invalid_credentials`, `allowlist_rejected`...). */
  onError?: (code: string) => void
}

/**
 * Opens the login modal and reports its outcome.
 * @param options - `onComplete(result)` and `onError(code)`.
 * @returns `{ login }`, which opens the modal at the landing screen; `login({ disableSignup: true })`
 *   lets only existing users in on that attempt.
 * @example
 * ```tsx
 * import { useLogin } from 'portico/react'
 * const { login } = useLogin({ onComplete: (r) => console.log(r.user.id, r.isNewUser), onError: (code) => console.warn(code) })
 * <button onClick={() => login()}>Log in</button>
 * <button onClick={() => login({ disableSignup: true })}>Log in (existing users)</button>
 * ```
 */
export function useLogin(options: UseLoginOptions = {}): { login: (options?: LoginArgument) => void } {
  const kernel = useKernel()
  const latest = useRef(options)
  latest.current = options
  useEffect(() => {
    const off = kernel.onLogin((result) => latest.current.onComplete?.(result))
    const untap = kernel.hooks.loginFailed.tap('portico-react', (err) => {
      latest.current.onError?.(err.code ?? 'unknown_auth_error')
    })
    return () => {
      off()
      untap()
    }
  }, [kernel])
  const login = useCallback((opts?: LoginArgument) => openLogin(kernel, opts), [kernel])
  return { login }
}

/** Callbacks of {@link useLogout}. */
export interface UseLogoutOptions {
  /** Local state was cleared. */
  onSuccess?: () => void
}

/**
 * Logs out and reports it.
 * @param options - `onSuccess()`.
 * @returns `{ logout }`.
 * @example
 * ```tsx
 * import { useLogout } from 'portico/react'
 * const { logout } = useLogout({ onSuccess: () => navigate('/') })
 * ```
 */
export function useLogout(options: UseLogoutOptions = {}): { logout: () => Promise<void> } {
  const kernel = useKernel()
  const latest = useRef(options)
  latest.current = options
  const logout = useCallback(async () => {
    await kernel.logout()
    latest.current.onSuccess?.()
  }, [kernel])
  return { logout }
}

/** What {@link useLinkAccount} returns. */
export interface UseLinkAccountResult {
  /**
   * Opens the modal at a login method's screen to add that account to the signed-in user.
   * @param method - a login method id offered by a registered plugin (`email`, `sms`...).
   */
  link: (method: string) => void
}

/**
 * Adds accounts to the signed-in user (a guest who links an email is a guest no more).
 * @returns `{ link(method) }`; it throws when no plugin offers the method or nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkAccount } from 'portico/react'
 * const { link } = useLinkAccount()
 * <button onClick={() => link('email')}>Save your progress with an email</button>
 * ```
 */
export function useLinkAccount(): UseLinkAccountResult {
  const kernel = useKernel()
  const link = useCallback(
    (method: string) => {
      const def = kernel.plugins.flatMap((p) => p.loginMethods ?? []).find((m) => m.id === method)
      if (!def) throw new PorticoError(`No registered plugin offers the login method "${method}"`, { code: 'invalid_plugin' })
      if (kernel.state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before linking an account', { code: 'must_be_authenticated' })
      }
      kernel.openModal(def.screen, { intent: 'link' })
    },
    [kernel],
  )
  return { link }
}

/** Claims of the identity token, with its JSON-string claims parsed. */
export interface IdentityTokenClaims extends TokenClaims {
  /** The user's linked accounts (the `linked_accounts` claim, parsed from its JSON string). */
  linkedAccounts: Array<Record<string, unknown>>
  /** `cr` (created at, unix seconds, sent as a string) as a number, when present. */
  createdAt: number | null
  /** `guest` is `"t"`. */
  isGuest: boolean
}

/** What {@link useIdentityToken} returns. */
export interface UseIdentityTokenResult {
  /** The identity token (a JWT), or null when signed out or the server issues none. */
  identityToken: string | null
  /** Its decoded claims (not verified: verify the token on your server), or null. */
  claims: IdentityTokenClaims | null
}

/**
 * Decodes an identity token's claims, parsing `linked_accounts` and `cr`.
 * @param token - the identity token.
 * @returns the claims, or null when it is not a decodable JWT.
 * @internal
 */
export function decodeIdentityToken(token: string): IdentityTokenClaims | null {
  const raw = decodeJwt(token)
  if (!raw) return null
  let linkedAccounts: Array<Record<string, unknown>> = []
  try {
    const parsed: unknown = typeof raw.linked_accounts === 'string' ? JSON.parse(raw.linked_accounts) : raw.linked_accounts
    if (Array.isArray(parsed)) linkedAccounts = parsed.filter((a): a is Record<string, unknown> => !!a && typeof a === 'object')
  } catch {
    // A malformed claim reads as no accounts rather than breaking the page.
  }
  const cr = Number(raw.cr)
  return { ...raw, linkedAccounts, createdAt: raw.cr !== undefined && Number.isFinite(cr) ? cr : null, isGuest: raw.guest === 't' }
}

/**
 * The identity token of the session and its claims; re-renders when the session changes (login,
 * refresh, link, unlink, update, logout).
 * @returns `{ identityToken, claims }`.
 * @example
 * ```tsx
 * import { useIdentityToken } from 'portico/react'
 * function Me() {
 *   const { identityToken, claims } = useIdentityToken()
 *   // Send identityToken to your server, which verifies it with the app's verification key.
 *   return <p>{claims?.sub} has {claims?.linkedAccounts.length ?? 0} accounts</p>
 * }
 * ```
 */
export function useIdentityToken(): UseIdentityTokenResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  // The token lives in storage; the session's user changes with every response that brings a new one.
  const user = snap.session.user
  const status = snap.session.status
  const identityToken = status === 'authenticated' ? kernel.getIdentityToken() : null
  const claims = useMemo(() => (identityToken ? decodeIdentityToken(identityToken) : null), [identityToken, user])
  return { identityToken, claims }
}

/** What {@link useSessions} returns. */
export interface UseSessionsResult {
  /** The user's live sessions, newest first (`current` marks this device's); null until loaded or when signed out. */
  sessions: SessionEntry[] | null
  /** A load or revoke is under way. */
  loading: boolean
  /** The last load or revoke error, or null. */
  error: PorticoError | null
  /** Loads the list again. */
  reload: () => Promise<void>
  /** Revokes one session (this device's own logs out here too), then reloads. */
  revoke: (sessionId: string) => Promise<void>
  /** Revokes every session but this device's ("sign out everywhere else"), then reloads. */
  revokeOthers: () => Promise<void>
}

/**
 * The signed-in user's sessions (devices) and the actions to end them. Loads when a user signs in
 * and empties on logout.
 * @returns `{ sessions, loading, error, reload, revoke, revokeOthers }`.
 * @example
 * ```tsx
 * import { useSessions } from 'portico/react'
 * function Devices() {
 *   const { sessions, revoke, revokeOthers } = useSessions()
 *   return (
 *     <ul>
 *       {sessions?.map((s) => (
 *         <li key={s.id}>
 *           {s.user_agent ?? 'Unknown device'} {s.current ? '(this device)' : <button onClick={() => revoke(s.id)}>Sign out</button>}
 *         </li>
 *       ))}
 *       <button onClick={revokeOthers}>Sign out everywhere else</button>
 *     </ul>
 *   )
 * }
 * ```
 */
export function useSessions(): UseSessionsResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  const userId = snap.session.status === 'authenticated' ? (snap.session.user?.id ?? null) : null
  const [sessions, setSessions] = useState<SessionEntry[] | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<PorticoError | null>(null)
  // Answers of an earlier user's load must not land after a logout or a switch.
  const generation = useRef(0)

  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      const mine = ++generation.current
      setLoading(true)
      try {
        await action()
        const list = kernel.state.session.status === 'authenticated' ? await kernel.listSessions() : null
        if (mine === generation.current) {
          setSessions(list)
          setError(null)
        }
      } catch (e) {
        if (mine === generation.current) setError(toPorticoError(e))
      } finally {
        if (mine === generation.current) setLoading(false)
      }
    },
    [kernel],
  )

  useEffect(() => {
    if (userId) void run(async () => undefined)
    else {
      generation.current++
      setSessions(null)
      setError(null)
      setLoading(false)
    }
  }, [userId, run])

  const reload = useCallback(() => run(async () => undefined), [run])
  const revoke = useCallback((sessionId: string) => run(() => kernel.revokeSessions({ sessionId })), [kernel, run])
  const revokeOthers = useCallback(() => run(() => kernel.revokeSessions({ allOthers: true })), [kernel, run])
  return { sessions, loading, error, reload, revoke, revokeOthers }
}
