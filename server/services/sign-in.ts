/**
 * The one way a login method turns a verified account into a session: the allowlist, the
 * `no-signup` mode, the user limit, then a session. Every login plugin calls it through `ctx.signIn`.
 * The user's lookup (or creation) and its session are one statement: one commit per login, and
 * nothing half-written when it fails.
 * @module
 */
import type { AuthenticatedUser, LoginMode } from '../../kernel/wire'
import type { ServerApp } from '../apps'
import { errors } from '../errors'
import type { SessionClient, SessionService } from './sessions'
import { findOrCreate, type AccountInput, type UserService } from './users'

/** Options of a sign-in. */
export interface SignInOptions {
  /** `no-signup` refuses unknown accounts with `user_does_not_exist`. @defaultValue 'login-or-sign-up' */
  mode?: LoginMode
  /** Create the user as a guest. */
  isGuest?: boolean
  /**
   * The identities matched against the app's allowlist (lowercased): an address, a number, a wallet
   * address. An account with none (a guest) is refused when the allowlist is on.
   * @defaultValue [account.identityKey]
   */
  allowlistIdentities?: readonly string[]
}

/** What the server knows of the device a login comes from (not the plugin's business). */
export interface SignInDevice {
  /** The client's IP address and user agent, recorded on the session. */
  client?: SessionClient
  /** The session the device still holds (from its Bearer token): revoked by the new login. */
  replaces?: string | null
}

/**
 * Whether the app's allowlist admits one of these identities.
 * @param app - the app.
 * @param identities - addresses, numbers or wallet addresses of the account.
 * @returns true when the allowlist is off or lists one of them.
 * @example
 * ```ts
 * if (!allowlistAdmits(app, ['ada@example.com'])) throw errors.allowlistRejected()
 * ```
 */
export function allowlistAdmits(app: ServerApp, identities: readonly string[]): boolean {
  if (!app.settings.allowlistEnabled) return true
  return identities.some((id) => app.settings.allowlist.includes(id.trim().toLowerCase()))
}

/**
 * Builds the sign-in step shared by every login method.
 * @param deps - the users and sessions services and the clock.
 * @returns `signIn(app, account, options)`, answering with the contract's AuthenticatedUser.
 * @example
 * ```ts
 * const signIn = createSignIn({ users, sessions, now })
 * return signIn(ctx.app, { type: 'email', identityKey: email, details: { address: email } }, { mode })
 * ```
 */
export function createSignIn(deps: { users: UserService; sessions: SessionService; now: () => number }) {
  return async (
    app: ServerApp,
    account: AccountInput,
    options: SignInOptions = {},
    device: SignInDevice = {},
  ): Promise<AuthenticatedUser> => {
    if (!allowlistAdmits(app, options.allowlistIdentities ?? [account.identityKey])) throw errors.allowlistRejected()
    const now = deps.now()
    const create = options.mode !== 'no-signup'
    const lookup = { create, isGuest: options.isGuest ?? false }
    return findOrCreate(create, () =>
      deps.sessions.issueFor(app, (bind) => deps.users.lookup(app, account, now, lookup, bind), {
        client: device.client,
        replaces: device.replaces,
      }),
    )
  }
}
