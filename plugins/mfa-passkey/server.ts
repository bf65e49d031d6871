/**
 * `portico/plugins/mfa-passkey/server`: passkeys as an MFA method. The user enrols passkeys already
 * linked to the account; they show `enrolled_in_mfa: true` and cannot be unlinked while enrolled.
 * Verification is a WebAuthn assertion of one of them, through the passkey plugin's public step-up
 * door (`passkeyStepUpOptions`, `verifyPasskeyStepUp` of `portico/plugins/passkey/server`).
 * @module
 */
import { defineServerPlugin, errors, HttpError, type RequestContext, type ServerRequest, type SessionInfo, type UserRecord } from '../../server'
import {
  attemptVerification,
  enrolledMethods,
  issueMfaToken,
  lockMfaUser,
  mfaServer,
  notEnrolled,
  precheckPriorVerification,
  recordEnrollment,
  removeEnrollment,
  requirePriorVerification,
} from '../mfa/server'
import {
  MAX_PASSKEYS_PER_USER,
  PASSKEY_ACCOUNT_TYPE,
  passkeyServer,
  passkeyStepUpOptions,
  setPasskeysEnrolledInMfa,
  verifyPasskeyStepUp,
  type WireAssertion,
} from '../passkey/server'
import { mfaPasskeyRoutes } from './api'
import { mfaPasskeySchemas } from './schemas'

/** The method's id in `mfa_methods`. */
export const PASSKEY_METHOD = 'passkey'

const passkeysOf = (user: UserRecord) => user.accounts.filter((a) => a.type === PASSKEY_ACCOUNT_TYPE)

async function signedInUser(ctx: RequestContext): Promise<{ session: SessionInfo; user: UserRecord }> {
  const session = await ctx.requireSession()
  const user = await ctx.users.get(ctx.app, session.userId)
  if (!user) throw errors.invalidToken()
  return { session, user }
}

/** The user's passkeys enrolled in MFA; 400 `missing_mfa_enrollment` when the method is not enrolled. */
async function mfaPasskeys(ctx: RequestContext, user: UserRecord): Promise<string[]> {
  const ids = passkeysOf(user)
    .filter((p) => p.details.enrolled_in_mfa === true)
    .map((p) => p.identityKey)
  if (ids.length === 0 || !(await enrolledMethods(ctx.db, ctx.app.id, user.id)).includes(PASSKEY_METHOD)) throw notEnrolled(PASSKEY_METHOD)
  return ids
}

/**
 * The passkey MFA method's server half: `POST /api/v1/mfa/passkeys/{init,verify,enrollment}` and
 * the same under `/api/v1/mfa_auth/passkeys/`, whose verify answers `{success}` without a token.
 * It requires the MFA core and the passkey plugin.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { mfaPasskeyServer } from 'portico/plugins/mfa-passkey/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [mfaPasskeyServer()] })
 * ```
 */
export function mfaPasskeyServer() {
  async function init(req: ServerRequest<{ relying_party?: string }>, ctx: RequestContext) {
    const { user } = await signedInUser(ctx)
    return passkeyStepUpOptions(req, ctx, user.id, await mfaPasskeys(ctx, user))
  }

  /** Checks the assertion as one verification attempt: a refused passkey counts as a wrong code. */
  async function check(req: ServerRequest<{ authenticator_response: WireAssertion; relying_party?: string }>, ctx: RequestContext) {
    const { session, user } = await signedInUser(ctx)
    const allowed = await mfaPasskeys(ctx, user)
    await attemptVerification(
      ctx,
      user.id,
      async () => {
        try {
          await verifyPasskeyStepUp(req, ctx, user.id, allowed)
          return true
        } catch (err) {
          if (err instanceof HttpError && (err.code === 'invalid_credentials' || err.code === 'passkey_not_registered')) return false
          throw err
        }
      },
      'MFA verification failed, retry.',
    )
    return session
  }

  async function enrollment(req: ServerRequest<{ credential_ids: string[]; remove_for_login?: boolean }>, ctx: RequestContext) {
    const { session, user } = await signedInUser(ctx)
    const ids = [...new Set(req.body.credential_ids)]
    if (ids.length > MAX_PASSKEYS_PER_USER) throw errors.invalidData(`At most ${MAX_PASSKEYS_PER_USER} passkeys can be enrolled.`)
    const own = new Set(passkeysOf(user).map((p) => p.identityKey))
    if (!ids.every((id) => own.has(id))) throw errors.linkedAccountNotFound('Passkey not found.')
    await precheckPriorVerification(ctx, req.headers, user.id)
    await ctx.db.transaction(async (tx) => {
      await lockMfaUser(tx, ctx, user.id)
      await requirePriorVerification(tx, ctx, req.headers, session)
      const enrolled = (await enrolledMethods(tx, ctx.app.id, user.id)).includes(PASSKEY_METHOD)
      if (ids.length === 0) await removeEnrollment(tx, ctx.app.id, user.id, PASSKEY_METHOD)
      else if (!enrolled) await recordEnrollment(tx, ctx.app.id, user.id, PASSKEY_METHOD, ctx.now())
      await setPasskeysEnrolledInMfa(tx, ctx.app.id, user.id, ids)
    })
    return {}
  }

  return defineServerPlugin({
    id: 'mfa-passkey',
    routes: mfaPasskeyRoutes,
    schemas: mfaPasskeySchemas,
    requires: [mfaServer(), passkeyServer()],
    handlers: {
      init,
      async verify(req, ctx) {
        const session = await check(req, ctx)
        return { token: await issueMfaToken(ctx, session) }
      },
      enrollment,
      authInit: init,
      async authVerify(req, ctx) {
        await check(req, ctx)
        return { success: true as const }
      },
      authEnrollment: enrollment,
    },
  })
}
