/**
 * The guest login, server half: exchanges a browser's guest credential for a session. The
 * credential is a secret: only its SHA-256 is kept, as the identity of an internal `guest` account.
 * @module
 */
import { createHash } from 'node:crypto'
import { defineServerPlugin, errors, isLoginEnabled, type AccountInput, type LinkedAccountType, type RateLimitEntry } from '../../server'
import { guestRoutes } from './api'
import { guestSchemas } from './schemas'

/**
 * New guests one client IP may create per window, so nobody can mint unlimited users. Returning
 * guests are not counted.
 */
export const GUEST_CREATE_LIMIT: Readonly<Omit<RateLimitEntry, 'key'>> = Object.freeze({ limit: 20, windowMs: 10 * 60 * 1000 })

/** Options of {@link guestServer}. */
export interface GuestServerOptions {
  /**
   * New guests per client IP per window.
   * @defaultValue {@link GUEST_CREATE_LIMIT} (20 per 10 minutes)
   */
  createLimit?: { limit: number; windowMs: number }
}

/**
 * The account a credential stands for: type `guest` (hidden from `linked_accounts`), keyed by the
 * SHA-256 hex of the credential, so a database leak reveals no usable credential.
 * @param credential - the 43-character credential.
 * @returns the account.
 * @example
 * ```ts
 * import { guestAccount } from 'portico/plugins/guest/server'
 * guestAccount('A'.repeat(43)).type // 'guest'
 * ```
 */
export function guestAccount(credential: string): AccountInput {
  return { type: 'guest', identityKey: createHash('sha256').update(credential).digest('hex'), details: {} }
}

/**
 * A guest's credential (the hash of the secret the browser keeps): hidden from the user object and
 * the identity token, never transferred, and deleted once the guest links a real account.
 */
export const guestAccountType: LinkedAccountType = { type: 'guest', guestCredential: true, transferable: false }

/**
 * The guest plugin's server half: `POST /api/v1/guest/authenticate`.
 * @param options - the creation rate limit.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { guestServer } from 'portico/plugins/guest/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [guestServer()] })
 * ```
 */
export function guestServer(options: GuestServerOptions = {}) {
  const createLimit = options.createLimit ?? GUEST_CREATE_LIMIT
  return defineServerPlugin({
    id: 'guest',
    routes: guestRoutes,
    schemas: guestSchemas,
    loginSwitches: [{ name: 'guest_auth' }],
    accountTypes: [guestAccountType],
    handlers: {
      async authenticate(req, ctx) {
        const { app } = ctx
        if (!isLoginEnabled(app, 'guest_auth')) throw errors.disallowedLoginMethod('guest')
        const account = guestAccount(req.body.guest_credential)
        // Only a credential nobody holds yet creates a user: count those per IP, not returning guests.
        if (!(await ctx.users.findByAccount(app, account, ctx.now()))) {
          await ctx.rateLimit(`guest:create:${app.id}:${ctx.ip}`, createLimit.limit, createLimit.windowMs)
        }
        // A guest has no identity an allowlist could list, so an app with an allowlist refuses guests.
        return ctx.signIn(account, { isGuest: true, allowlistIdentities: [] })
      },
    },
  })
}
