/**
 * The passkey login, server half: WebAuthn registration (sign-up and link) and authentication,
 * verified with @simplewebauthn/server against single-use, expiring challenges bound to the app
 * (and to the user, for a link).
 * @module
 */
import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import * as v from 'valibot'
import {
  defineServerPlugin,
  defineSetting,
  errors,
  HttpError,
  isLoginEnabled,
  readSetting,
  type Db,
  type LinkedAccountType,
  type Migration,
  type RequestContext,
  type ServerRequest,
  type UserRecord,
} from '../../server'
import { passkeyRoutes } from './api'
import { authenticatorName } from './authenticators'
import { passkeySchemas } from './schemas'
import {
  fromCreationOptions,
  fromRequestOptions,
  toAuthenticationResponse,
  toRegistrationResponse,
  type WireAssertion,
  type WireAttestation,
} from './convert'
import { parseUserAgent } from './user-agent'

export { Assertion as PasskeyAssertion, AuthenticationInitResponse as PasskeyAuthenticationInitResponse } from './schemas'
export type { WireAssertion } from './convert'

/** The linked-account type of a passkey. */
export const PASSKEY_ACCOUNT_TYPE = 'passkey'
/** The most passkeys one user may hold. */
export const MAX_PASSKEYS_PER_USER = 5

/** Options of {@link passkeyServer}. */
export interface PasskeyServerOptions {
  /** How long a challenge stays usable. @defaultValue 5 minutes */
  challengeTtlMs?: number
  /** The `timeout` the browser's dialogue gets. @defaultValue 60 s */
  timeoutMs?: number
  /** Init calls per IP. @defaultValue 30 per minute */
  initPerIp?: { limit: number; windowMs: number }
}

/** What a challenge is for: a sign-up, a login, a link, or a signed-in user's proof of a passkey (a step-up). */
type Purpose = 'register' | 'authenticate' | 'link' | 'step-up'

interface ChallengeRow {
  purpose: Purpose
  user_id: string | null
  user_handle: string | null
  rp_id: string
  origin: string
  expires_at: number
}

interface CredentialRow {
  user_id: string
  user_handle: string | null
  public_key: string
  counter: number
  transports: string[] | null
}

/**
 * `passkeyCrossOriginAllowed`: let passkey ceremonies run in a cross-origin frame (clientDataJSON
 * `crossOrigin: true`). The top-level page (`topOrigin`) must still be an allowed origin. @defaultValue false
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { passkeyCrossOriginSetting } from 'portico/plugins/passkey/server'
 * if (readSetting(ctx.app, passkeyCrossOriginSetting)) console.log('frames allowed')
 * ```
 */
export const passkeyCrossOriginSetting = defineSetting<boolean>({ key: 'passkeyCrossOriginAllowed', schema: v.boolean(), default: false })

/** Tables of the passkey plugin. */
export const passkeyMigrations: readonly Migration[] = [
  {
    id: 'passkey/0001_challenges_and_credentials',
    sql: `
CREATE TABLE passkey_challenges (
  app_id text NOT NULL,
  challenge text NOT NULL,
  purpose text NOT NULL,
  user_id text,
  user_handle text,
  rp_id text NOT NULL,
  origin text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (app_id, challenge)
);
CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at);
CREATE TABLE passkey_credentials (
  app_id text NOT NULL,
  credential_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_handle text,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb,
  created_at bigint NOT NULL,
  PRIMARY KEY (app_id, credential_id)
);
CREATE INDEX passkey_credentials_user_idx ON passkey_credentials (user_id);`,
  },
]

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const fromB64url = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'))

const notRegistered = () => new HttpError(400, 'passkey_not_registered', 'Passkey is not registered.')
const verificationFailed = () => errors.invalidCredentials('Passkey verification failed.')
const expiredChallenge = () => errors.invalidCredentials('Invalid or expired passkey challenge.')
const tooManyPasskeys = () => new HttpError(400, 'cannot_link_more_of_type', 'Cannot link more passkeys to account.')
const alreadyRegistered = () => errors.invalidCredentials('This passkey is already registered.')
const framed = (why: string) => errors.invalidCredentials(`Passkey refused: ${why}`)

/** The origin the ceremony runs on: `relying_party` or the request's Origin, which must be one of the app's. */
function relyingParty(req: ServerRequest<{ relying_party?: string }>, ctx: RequestContext): { origin: string; rpId: string } {
  const given = req.body.relying_party ?? req.headers.origin
  if (!given) throw new HttpError(400, 'missing_origin', 'Passkeys need the page origin (the Origin header or relying_party).')
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw errors.invalidOrigin(given)
  }
  const allowed = ctx.app.allowedOrigins.some((o) => {
    try {
      return new URL(o).origin === url.origin
    } catch {
      return false
    }
  })
  if (!allowed) throw errors.invalidOrigin(url.origin)
  return { origin: url.origin, rpId: url.hostname }
}

function checkEnabled(ctx: RequestContext): void {
  if (!isLoginEnabled(ctx.app, 'passkey_auth')) throw errors.disallowedLoginMethod('passkey')
}

const passkeysOf = (user: UserRecord) => user.accounts.filter((a) => a.type === PASSKEY_ACCOUNT_TYPE)

/** The allowlist identities of a user: the addresses and numbers of their other accounts. */
const identitiesOf = (user: UserRecord) =>
  user.accounts.filter((a) => a.type !== PASSKEY_ACCOUNT_TYPE).map((a) => a.identityKey)

/** What the server reads from a response's clientDataJSON before verifying it. */
interface ClientData {
  challenge: string
  crossOrigin: boolean
  topOrigin: string | null
}

/** Reads the challenge and framing of a response's clientDataJSON, or throws invalid_credentials. */
function clientDataOf(response: { client_data_json: string }): ClientData {
  let data: { challenge?: unknown; crossOrigin?: unknown; topOrigin?: unknown }
  try {
    data = JSON.parse(Buffer.from(response.client_data_json, 'base64url').toString('utf8')) as typeof data
  } catch {
    throw verificationFailed()
  }
  if (!data || typeof data !== 'object' || typeof data.challenge !== 'string' || data.challenge.length === 0) {
    throw verificationFailed()
  }
  if (data.crossOrigin !== undefined && typeof data.crossOrigin !== 'boolean') throw verificationFailed()
  if (data.topOrigin !== undefined && typeof data.topOrigin !== 'string') throw verificationFailed()
  return { challenge: data.challenge, crossOrigin: data.crossOrigin === true, topOrigin: data.topOrigin ?? null }
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** The app's allowed origins, normalised (the top-level pages a framed ceremony may run under). */
const allowedOriginsOf = (ctx: RequestContext): string[] =>
  ctx.app.allowedOrigins.map(originOf).filter((o): o is string => o !== null)

/**
 * A ceremony in a cross-origin frame (WebAuthn L3 `crossOrigin: true`) is refused unless the app allows
 * it (`passkeyCrossOriginAllowed`); the top-level page (`topOrigin`, when the browser says) must be
 * one of the app's allowed origins either way.
 */
function checkFraming(ctx: RequestContext, data: ClientData): void {
  if (data.crossOrigin && !readSetting(ctx.app, passkeyCrossOriginSetting)) {
    throw framed('this app does not allow passkeys in a cross-origin frame.')
  }
  if (data.topOrigin !== null) {
    const top = originOf(data.topOrigin)
    if (top === null || top !== data.topOrigin || !allowedOriginsOf(ctx).includes(top)) {
      throw framed(`the top-level page ${data.topOrigin} is not one of the app's origins.`)
    }
  }
}

/** Stores a challenge, usable for `ttl` ms. */
async function storeChallenge(
  ctx: RequestContext,
  ttl: number,
  row: { challenge: string; purpose: Purpose; userId?: string; userHandle?: string; rpId: string; origin: string },
): Promise<void> {
  const now = ctx.now()
  // Expired challenges are swept here rather than by a timer, so no process has to own the cleanup.
  await ctx.db.query('DELETE FROM passkey_challenges WHERE app_id = $1 AND expires_at < $2', [ctx.app.id, now])
  await ctx.db.query(
    `INSERT INTO passkey_challenges (app_id, challenge, purpose, user_id, user_handle, rp_id, origin, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [ctx.app.id, row.challenge, row.purpose, row.userId ?? null, row.userHandle ?? null, row.rpId, row.origin, now, now + ttl],
  )
}

/** Uses up a challenge (deleted whatever the outcome, so it is single use) and checks it is fresh and for this purpose. */
async function consumeChallenge(
  ctx: RequestContext,
  challenge: string,
  purpose: Purpose,
  origin: string,
  userId?: string,
): Promise<ChallengeRow> {
  const rows = await ctx.db.query<ChallengeRow>(
    `DELETE FROM passkey_challenges WHERE app_id = $1 AND challenge = $2
     RETURNING purpose, user_id, user_handle, rp_id, origin, expires_at`,
    [ctx.app.id, challenge],
  )
  const row = rows[0]
  if (!row || row.purpose !== purpose || Number(row.expires_at) <= ctx.now()) throw expiredChallenge()
  // A challenge issued to one page origin (or one user) answers for no other.
  if (row.origin !== origin) throw verificationFailed()
  if ((purpose === 'link' || purpose === 'step-up') && row.user_id !== userId) throw expiredChallenge()
  return row
}

/**
 * Verifies an assertion against its (consumed) challenge with the key stored for its credential id,
 * and moves the credential's counter (compare-and-set: of two concurrent uses of one counter value,
 * only one gets through).
 * @returns the credential's row (its user).
 */
async function verifyAssertion(
  ctx: RequestContext,
  assertion: WireAssertion,
  expectedChallenge: string,
  challenge: ChallengeRow,
): Promise<CredentialRow> {
  const rows = await ctx.db.query<CredentialRow>(
    'SELECT user_id, user_handle, public_key, counter, transports FROM passkey_credentials WHERE app_id = $1 AND credential_id = $2',
    [ctx.app.id, assertion.id],
  )
  const stored = rows[0]
  if (!stored) throw notRegistered()
  // The authenticator's user handle, when it sends one, must be the one this credential was made for.
  if (assertion.response.user_handle && stored.user_handle && assertion.response.user_handle !== stored.user_handle) {
    throw verificationFailed()
  }
  let newCounter: number
  try {
    const result = await verifyAuthenticationResponse({
      response: toAuthenticationResponse(assertion),
      expectedChallenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      expectedTopOrigin: allowedOriginsOf(ctx),
      requireUserVerification: true,
      // Only the key stored with this credential id when it was registered verifies its assertions.
      credential: {
        id: assertion.id,
        publicKey: fromB64url(stored.public_key),
        counter: Number(stored.counter),
        transports: (stored.transports ?? undefined) as never,
      },
    })
    if (!result.verified) throw verificationFailed()
    newCounter = result.authenticationInfo.newCounter
  } catch (err) {
    if (err instanceof HttpError) throw err
    throw verificationFailed()
  }
  const moved = await ctx.db.query(
    'UPDATE passkey_credentials SET counter = $3 WHERE app_id = $1 AND credential_id = $2 AND counter = $4 RETURNING 1',
    [ctx.app.id, assertion.id, newCounter, stored.counter],
  )
  if (!moved[0]) throw verificationFailed()
  return stored
}

/** How long a step-up challenge ({@link passkeyStepUpOptions}) stays usable. */
export const STEP_UP_CHALLENGE_TTL_MS = 5 * 60_000
/** The `timeout` the browser's dialogue gets for a step-up. */
export const STEP_UP_TIMEOUT_MS = 60_000

/**
 * A public door for other server plugins (a second factor): asks one of the signed-in user's
 * passkeys to prove the user is present. The challenge is single use, bound to the user and the
 * page origin (`relying_party` or the Origin header, one of the app's), and is no login challenge.
 * @param req - the request: `relying_party?` in the body, the headers.
 * @param ctx - the request's context.
 * @param userId - the signed-in user.
 * @param credentialIds - the passkeys that may answer (the user's own).
 * @returns the authentication options and the relying party, as the passkey login's init answers them.
 * @example
 * ```ts
 * import { passkeyStepUpOptions } from 'portico/plugins/passkey/server'
 * return passkeyStepUpOptions(req, ctx, session.userId, ['credential-id'])
 * ```
 */
export async function passkeyStepUpOptions(
  req: ServerRequest<{ relying_party?: string }>,
  ctx: RequestContext,
  userId: string,
  credentialIds: readonly string[],
) {
  const rp = relyingParty(req, ctx)
  const json = await generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: 'required',
    timeout: STEP_UP_TIMEOUT_MS,
    allowCredentials: credentialIds.map((id) => ({ id })),
  })
  await storeChallenge(ctx, STEP_UP_CHALLENGE_TTL_MS, { challenge: json.challenge, purpose: 'step-up', userId, ...rp })
  return { options: fromRequestOptions(json), relying_party: rp.origin }
}

/**
 * Checks the answer to {@link passkeyStepUpOptions}: the challenge (spent whatever the outcome)
 * was issued to this user and page, the passkey is one of `credentialIds` and the user's, and its
 * signature verifies with the stored key (the counter moves, so one assertion is good once).
 * @param req - the request: `authenticator_response` and `relying_party?` in the body.
 * @param ctx - the request's context.
 * @param userId - the signed-in user.
 * @param credentialIds - the passkeys that may answer.
 * @returns the id of the passkey that answered.
 * @throws 401 `invalid_credentials` when any check fails; 400 `passkey_not_registered` for an unknown credential.
 */
export async function verifyPasskeyStepUp(
  req: ServerRequest<{ authenticator_response: WireAssertion; relying_party?: string }>,
  ctx: RequestContext,
  userId: string,
  credentialIds: readonly string[],
): Promise<string> {
  const rp = relyingParty(req, ctx)
  const assertion = req.body.authenticator_response
  const data = clientDataOf(assertion.response)
  const challenge = await consumeChallenge(ctx, data.challenge, 'step-up', rp.origin, userId)
  checkFraming(ctx, data)
  if (!credentialIds.includes(assertion.id)) throw verificationFailed()
  const stored = await verifyAssertion(ctx, assertion, data.challenge, challenge)
  if (stored.user_id !== userId) throw verificationFailed()
  return assertion.id
}

/**
 * Sets which of a user's passkeys show `enrolled_in_mfa: true` (the listed ones; every other passkey
 * of the user shows false). A passkey enrolled in MFA cannot be unlinked ('Cannot unlink a passkey
 * enrolled in MFA').
 * @param db - the database, or the transaction of the enrolment change.
 * @param appId - the app.
 * @param userId - the user.
 * @param credentialIds - the passkeys enrolled in MFA.
 */
export async function setPasskeysEnrolledInMfa(
  db: Pick<Db, 'query'>,
  appId: string,
  userId: string,
  credentialIds: readonly string[],
): Promise<void> {
  await db.query(
    `UPDATE linked_accounts SET details = jsonb_set(details, '{enrolled_in_mfa}',
       to_jsonb(identity_key IN (SELECT jsonb_array_elements_text($3::jsonb))))
     WHERE app_id = $1 AND user_id = $2 AND type = $4`,
    [appId, userId, JSON.stringify(credentialIds), PASSKEY_ACCOUNT_TYPE],
  )
}

/**
 * Passkeys (`{credential_id, …}`): a key the user holds (strong: unlinking the last one asks for a
 * recent login) and bound to one user, never transferred.
 */
export const passkeyAccountType: LinkedAccountType = { type: PASSKEY_ACCOUNT_TYPE, strong: true, transferable: false }

/**
 * The passkey plugin's server half: `POST /api/v1/passkeys/{register,authenticate,link}/init`,
 * `/register`, `/authenticate`, `/link`, `/unlink` and `/label` (the user's own name for a passkey).
 * @param options - challenge lifetime, dialogue timeout and rate limit.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { passkeyServer } from 'portico/plugins/passkey/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [passkeyServer()] })
 * ```
 */
export function passkeyServer(options: PasskeyServerOptions = {}) {
  const ttl = options.challengeTtlMs ?? 5 * 60_000
  const timeout = options.timeoutMs ?? 60_000
  const perIp = options.initPerIp ?? { limit: 30, windowMs: 60_000 }

  async function registrationOptions(ctx: RequestContext, rp: { origin: string; rpId: string }, user?: UserRecord) {
    const userHandle = randomBytes(32)
    const passkeys = user ? passkeysOf(user) : []
    const named = user?.accounts.find((a) => a.type === 'email' || a.type === 'phone')?.identityKey
    const json = await generateRegistrationOptions({
      rpName: ctx.app.name,
      rpID: rp.rpId,
      userID: userHandle,
      userName: named ?? `${ctx.app.name} account`,
      timeout,
      attestationType: 'none',
      // Discoverable credentials: login needs no username, the authenticator offers its passkeys.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: passkeys.map((p) => ({ id: p.identityKey })),
    })
    await storeChallenge(ctx, ttl, {
      challenge: json.challenge,
      purpose: user ? 'link' : 'register',
      userId: user?.id,
      userHandle: b64url(userHandle),
      ...rp,
    })
    return { options: fromCreationOptions(json), relying_party: rp.origin }
  }

  /** Verifies an attestation against its challenge; answers the account and credential to store. */
  async function verifyAttestation(
    req: ServerRequest<{ authenticator_response: WireAttestation; relying_party?: string }>,
    ctx: RequestContext,
    purpose: 'register' | 'link',
    userId?: string,
  ) {
    const rp = relyingParty(req, ctx)
    const att = req.body.authenticator_response
    const data = clientDataOf(att.response)
    const challenge = await consumeChallenge(ctx, data.challenge, purpose, rp.origin, userId)
    checkFraming(ctx, data)
    let info
    try {
      const result = await verifyRegistrationResponse({
        response: toRegistrationResponse(att),
        expectedChallenge: (c) => c === data.challenge,
        expectedOrigin: challenge.origin,
        expectedRPID: challenge.rp_id,
        requireUserVerification: true,
      })
      if (!result.verified) throw verificationFailed()
      info = result.registrationInfo
    } catch (err) {
      if (err instanceof HttpError) throw err
      throw verificationFailed()
    }
    const credentialId = info.credential.id
    // A credential id belongs to one user and one key: registering a known id again (whatever its
    // key) would otherwise sign the registrant in as the credential's owner.
    if (await credentialExists(ctx, credentialId)) throw alreadyRegistered()
    const publicKey = b64url(info.credential.publicKey)
    const ua = parseUserAgent(req.headers['user-agent'])
    const name = authenticatorName(info.aaguid)
    const account = {
      type: PASSKEY_ACCOUNT_TYPE,
      identityKey: credentialId,
      details: {
        credential_id: credentialId,
        enrolled_in_mfa: false,
        ...(name ? { authenticator_name: name } : {}),
        public_key: publicKey,
        ...(ua.browser ? { created_with_browser: ua.browser } : {}),
        ...(ua.os ? { created_with_os: ua.os } : {}),
        ...(ua.device ? { created_with_device: ua.device } : {}),
      },
    }
    const credential = {
      credentialId,
      userHandle: challenge.user_handle,
      publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? att.response.transports ?? null,
    }
    return { account, credential }
  }

  async function credentialExists(ctx: RequestContext, credentialId: string): Promise<boolean> {
    const rows = await ctx.db.query('SELECT 1 FROM passkey_credentials WHERE app_id = $1 AND credential_id = $2', [
      ctx.app.id,
      credentialId,
    ])
    return rows.length > 0
  }

  /** Stores a new credential; false when the id was stored meanwhile (a concurrent registration of it). */
  async function storeCredential(
    ctx: RequestContext,
    userId: string,
    c: { credentialId: string; userHandle: string | null; publicKey: string; counter: number; transports: readonly string[] | null },
  ): Promise<boolean> {
    const rows = await ctx.db.query(
      `INSERT INTO passkey_credentials (app_id, credential_id, user_id, user_handle, public_key, counter, transports, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (app_id, credential_id) DO NOTHING RETURNING 1`,
      [ctx.app.id, c.credentialId, userId, c.userHandle, c.publicKey, c.counter, c.transports ? JSON.stringify(c.transports) : null, ctx.now()],
    )
    return rows.length > 0
  }

  /** Ends the session a refused registration was given (a race the existence check could not see). */
  async function revokeIssued(ctx: RequestContext, token: string | null | undefined): Promise<void> {
    if (!token) return
    const issued = await ctx.sessions.verify(ctx.app, token).catch(() => null)
    if (issued) await ctx.sessions.revoke(ctx.app, issued.sessionId)
  }

  async function initLimit(ctx: RequestContext) {
    await ctx.rateLimit(`passkey:ip:${ctx.app.id}:${ctx.ip}`, perIp.limit, perIp.windowMs)
  }

  return defineServerPlugin({
    id: 'passkey',
    routes: passkeyRoutes,
    schemas: passkeySchemas,
    loginSwitches: [{ name: 'passkey_auth' }],
    settings: [passkeyCrossOriginSetting],
    accountTypes: [passkeyAccountType],
    // Sign-up with a passkey is on whenever passkey login is.
    appResponse: (app) => ({ passkeys_for_signup_enabled: isLoginEnabled(app, 'passkey_auth') }),
    migrations: passkeyMigrations,
    handlers: {
      async registerInit(req, ctx) {
        checkEnabled(ctx)
        const rp = relyingParty(req, ctx)
        await ctx.verifyCaptcha(req.body.token)
        await initLimit(ctx)
        return registrationOptions(ctx, rp)
      },

      async authenticateInit(req, ctx) {
        checkEnabled(ctx)
        const rp = relyingParty(req, ctx)
        await ctx.verifyCaptcha(req.body.token)
        await initLimit(ctx)
        const json = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: 'required', timeout })
        await storeChallenge(ctx, ttl, { challenge: json.challenge, purpose: 'authenticate', ...rp })
        return { options: fromRequestOptions(json), relying_party: rp.origin }
      },

      async linkInit(req, ctx) {
        checkEnabled(ctx)
        const rp = relyingParty(req, ctx)
        const session = await ctx.requireSession()
        await initLimit(ctx)
        const user = await ctx.users.get(ctx.app, session.userId)
        if (!user) throw errors.invalidToken()
        if (passkeysOf(user).length >= MAX_PASSKEYS_PER_USER) throw tooManyPasskeys()
        return registrationOptions(ctx, rp, user)
      },

      async register(req, ctx) {
        checkEnabled(ctx)
        const { account, credential } = await verifyAttestation(req, ctx, 'register')
        // A new passkey always means a new user; `no-signup` refuses it (user_does_not_exist) in signIn.
        const result = await ctx.signIn(account, { mode: req.body.mode, allowlistIdentities: [] })
        // A concurrent registration of the same id got in between the check and here: the account is
        // someone else's (not new), or its key is already stored. Neither may yield a session.
        if (!result.is_new_user || !(await storeCredential(ctx, result.user.id.slice('did:privy:'.length), credential))) {
          await revokeIssued(ctx, result.token)
          throw alreadyRegistered()
        }
        return result
      },

      async authenticate(req, ctx) {
        checkEnabled(ctx)
        const rp = relyingParty(req, ctx)
        const assertion = req.body.authenticator_response
        const data = clientDataOf(assertion.response)
        if (data.challenge !== req.body.challenge) throw verificationFailed()
        const challenge = await consumeChallenge(ctx, req.body.challenge, 'authenticate', rp.origin)
        checkFraming(ctx, data)
        const stored = await verifyAssertion(ctx, assertion, req.body.challenge, challenge)
        const owner = await ctx.users.get(ctx.app, stored.user_id)
        if (!owner || !passkeysOf(owner).some((p) => p.identityKey === assertion.id)) throw notRegistered()
        const result = await ctx.signIn(
          { type: PASSKEY_ACCOUNT_TYPE, identityKey: assertion.id, details: {} },
          // The passkey exists, so this never signs up; the allowlist sees the user's other identities.
          { mode: 'no-signup', allowlistIdentities: identitiesOf(owner) },
        )
        if (result.user.id !== `did:privy:${stored.user_id}`) throw notRegistered()
        return result
      },

      async link(req, ctx) {
        checkEnabled(ctx)
        const session = await ctx.requireSession()
        const user = await ctx.users.get(ctx.app, session.userId)
        if (!user) throw errors.invalidToken()
        if (passkeysOf(user).length >= MAX_PASSKEYS_PER_USER) throw tooManyPasskeys()
        const { account, credential } = await verifyAttestation(req, ctx, 'link', user.id)
        const updated = await ctx.link(account)
        if (!(await storeCredential(ctx, updated.id, credential))) throw alreadyRegistered()
        return ctx.users.toWire(updated)
      },

      async unlink(req, ctx) {
        const session = await ctx.requireSession()
        const user = await ctx.users.get(ctx.app, session.userId)
        if (!user) throw errors.invalidToken()
        const passkey = passkeysOf(user).find((p) => p.identityKey === req.body.credential_id)
        if (!passkey) throw new HttpError(404, 'linked_account_not_found', 'Passkey not found.')
        // A passkey that is also an MFA factor stays until it is removed from MFA (spec: unlink is blocked).
        if (passkey.details.enrolled_in_mfa === true) {
          throw new HttpError(400, 'not_supported', 'Cannot unlink a passkey enrolled in MFA')
        }
        const updated = await ctx.users.unlink(ctx.app, user.id, { type: PASSKEY_ACCOUNT_TYPE, identityKey: passkey.identityKey })
        await ctx.db.query('DELETE FROM passkey_credentials WHERE app_id = $1 AND credential_id = $2', [
          ctx.app.id,
          passkey.identityKey,
        ])
        return ctx.users.toWire(updated)
      },

      async label(req, ctx) {
        const session = await ctx.requireSession()
        const label = req.body.label
        // One statement: only the caller's own passkey changes; an empty label clears it.
        const rows = await ctx.db.query(
          `UPDATE linked_accounts
              SET details = CASE WHEN $4 = '' THEN details - 'label' ELSE jsonb_set(details, '{label}', to_jsonb($4::text)) END
            WHERE app_id = $1 AND user_id = $2 AND type = $5 AND identity_key = $3
          RETURNING 1`,
          [ctx.app.id, session.userId, req.body.credential_id, label, PASSKEY_ACCOUNT_TYPE],
        )
        if (rows.length === 0) throw new HttpError(404, 'linked_account_not_found', 'Passkey not found.')
        const user = await ctx.users.get(ctx.app, session.userId)
        if (!user) throw errors.invalidToken()
        return ctx.users.toWire(user)
      },
    },
  })
}
