/**
 * `portico/plugins/delegated-actions/server`: delegated actions' server half. When a user accepts,
 * the wallet frame sends one wallet's private key sealed to the server's delegation public key
 * (`portico/protocols/delegation`); the server checks it opens to that wallet's key and stores it as
 * it came (sealed: the delegation private key lives in the server's environment, never in the
 * database), and the wallet shows `delegated: true`. Revoking deletes the stored key.
 *
 * The app's backend then signs and sends with the wallet through the wallet API
 * (`POST /api/v1/wallets/:address/rpc`): the app secret (HTTP Basic `appId:appSecret`) and a request
 * signed by one of the app's authorization keys (`./authorization`), with an expiry; each signed
 * request is used once. Every call is recorded as a wallet action (`GET /api/v1/wallets/:address/actions`).
 * The typed client is `createWalletApiClient` (`./client`), exported here.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { base64, hex } from '@scure/base'
import { getAddress, isAddress } from 'viem'
import * as v from 'valibot'
import { DelegationSealError } from '../../protocols/delegation'
import { defineServerPlugin, defineSetting, errors, HttpError, newId, readSetting, type Db, type RateLimitSetting, type RequestContext, type ServerRequest } from '../../server'
import { embeddedWalletsServer, setEmbeddedWalletDelegated } from '../embedded-wallets/server'
import { chainRpcUrlsSetting } from '../wallets/server'
import { delegatedActionRoutes } from './api'
import { EXPIRY_HEADER, MAX_REQUEST_LIFETIME_MS, payloadDigest, SIGNATURE_HEADER, verifyRequestSignature } from './authorization'
import { delegatedActionSchemas, type RpcRequest, type WalletAction } from './schemas'
import { keyMatches, runWalletCall } from './server/signing'
import { delegatedActionMigrations, type DelegatedWalletRow, type WalletActionRow } from './server/store'
import { bindingOf, delegationKeys, delegationSealedData } from './server/keys'

export { createWalletApiClient, WalletApiError, type WalletApiClient, type WalletApiClientOptions } from './client'
export { generateAuthorizationKey, signRequest, canonicalJson, SIGNATURE_HEADER, EXPIRY_HEADER } from './authorization'
export { delegatedActionMigrations } from './server/store'

export { DELEGATION_KEY_ENV, delegationKeys, type DelegationKeys } from './server/keys'

/** Consents and revocations per user. */
export const DA_CONSENT_PER_USER: RateLimitSetting = { limit: 30, windowMs: 10 * 60 * 1000 }
/** Wallet API calls per app. */
export const DA_CALLS_PER_APP: RateLimitSetting = { limit: 6000, windowMs: 60 * 1000 }

/** The sensitive operation a consent is, for the server's guards (the MFA core asks for a fresh verification). */
export const DELEGATED_ACTION_OPERATIONS = { delegate: 'delegated-actions:delegate' } as const

/** The app's wallet API credentials. */
export interface DelegatedActionsSettings {
  /** The app secret its backend sends (HTTP Basic); null: the wallet API refuses every call. Sealed at rest. */
  appSecret: string | null
  /** The authorization public keys (P-256, base64 of the SEC1 point) whose signatures the wallet API accepts. */
  authorizationKeys: string[]
}

const P256_POINT = /^[A-Za-z0-9+/]{44}$|^[A-Za-z0-9+/]{87}=$/

/**
 * `delegatedActions`: the app secret (sealed at rest, masked in the admin API) and the authorization
 * public keys of the app's backend. @defaultValue no secret, no key (the wallet API is closed)
 */
export const delegatedActionsSetting = defineSetting<DelegatedActionsSettings>({
  key: 'delegatedActions',
  schema: v.strictObject({
    appSecret: v.nullable(v.pipe(v.string(), v.minLength(32, 'delegatedActions.appSecret has at least 32 characters.'), v.maxLength(512))),
    authorizationKeys: v.pipe(
      v.array(v.pipe(v.string(), v.regex(P256_POINT, 'delegatedActions.authorizationKeys holds base64 P-256 public keys.'))),
      v.maxLength(10),
    ),
  }),
  default: { appSecret: null, authorizationKeys: [] },
  secrets: ['appSecret'],
})

/** Options of {@link delegatedActionsServer}. */
export interface DelegatedActionsServerOptions {
  /**
   * The delegation private keys (X25519, 32 bytes each, base64url or hex), newest first, as
   * `PORTICO_DELEGATION_KEY` holds them (`new,old`): the frame seals to the newest; the older ones
   * still open what was sealed to them, resealed to the newest on use and by `portico keys rotate`.
   * Without a key the routes answer 400 `feature_not_enabled`.
   */
  delegationKey?: string | readonly string[]
  /** The fetch the chains' RPCs are called with. @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /** @defaultValue {@link DA_CONSENT_PER_USER} */
  consentPerUser?: RateLimitSetting
  /** @defaultValue {@link DA_CALLS_PER_APP} */
  callsPerApp?: RateLimitSetting
}

const notDelegated = () => new HttpError(403, 'user_has_not_delegated_wallet', 'This wallet is not delegated to the app (never, or revoked).')
const refusedCredentials = (message: string) => new HttpError(401, 'invalid_credentials', message)

/** A wallet as a path or body names it: its chain, canonical address and identity key. */
function walletOf(text: string, chainType?: 'ethereum' | 'solana') {
  const chain = chainType ?? (text.startsWith('0x') ? 'ethereum' : 'solana')
  if (chain === 'ethereum') {
    if (!isAddress(text, { strict: false })) throw errors.invalidData('The wallet is not an Ethereum address.')
    const address = getAddress(text)
    return { chainType: chain, address, identityKey: address.toLowerCase() }
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) throw errors.invalidData('The wallet is not a Solana address.')
  return { chainType: chain, address: text, identityKey: text }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest()

/** Checks the app secret (HTTP Basic `appId:appSecret`); 401 `invalid_credentials` otherwise. */
function checkAppSecret(req: ServerRequest<unknown>, ctx: RequestContext): DelegatedActionsSettings {
  const settings = readSetting(ctx.app, delegatedActionsSetting)
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '')?.[1]
  if (!settings.appSecret) throw errors.featureNotEnabled('This app has no wallet API credentials (delegatedActions.appSecret).')
  if (!basic) throw refusedCredentials('The wallet API needs the app secret (Authorization: Basic appId:appSecret).')
  const decoded = Buffer.from(basic, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const [appId, secret] = colon < 0 ? ['', ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)]
  // Digests compare in constant time whatever the lengths.
  const secretOk = timingSafeEqual(sha256(secret), sha256(settings.appSecret))
  if (appId !== ctx.app.id || !secretOk) throw refusedCredentials('Invalid app id or app secret.')
  return settings
}

/** Checks a signed request's expiry and signature; answers its digest (hex) and expiry. */
function checkSignedRequest(req: ServerRequest<unknown>, ctx: RequestContext, settings: DelegatedActionsSettings, path: string) {
  if (!ctx.publicUrl) throw errors.featureNotEnabled('The wallet API needs the server’s public URL (signed requests name it).')
  const expiryText = req.headers[EXPIRY_HEADER] ?? ''
  const signature = req.headers[SIGNATURE_HEADER] ?? ''
  if (!/^\d{1,16}$/.test(expiryText)) throw new HttpError(400, 'invalid_request', `${EXPIRY_HEADER} must be the request's expiry in ms since the epoch.`)
  const expiry = Number(expiryText)
  const now = ctx.now()
  if (expiry <= now) throw new HttpError(400, 'invalid_request', 'The signed request has expired.')
  if (expiry > now + MAX_REQUEST_LIFETIME_MS) throw new HttpError(400, 'invalid_request', 'The signed request expires too far ahead (at most 30 minutes).')
  const input = { url: ctx.publicUrl + path, method: 'POST' as const, appId: ctx.app.id, expiry, body: req.body }
  const keys = settings.authorizationKeys.map((k) => base64.decode(k))
  if (!signature || !verifyRequestSignature(signature, keys, input)) {
    throw refusedCredentials(`${SIGNATURE_HEADER} is not a signature of this request by one of the app's authorization keys.`)
  }
  return { digest: hex.encode(payloadDigest(input)), expiry }
}

/** The wire form of an action row. */
const actionWire = (row: WalletActionRow, address: string): v.InferOutput<typeof WalletAction> => ({
  id: row.id,
  wallet_id: address,
  method: row.method,
  status: row.status,
  caip2: row.caip2,
  result: row.result,
  error: row.error,
  created_at: Number(row.created_at),
})

/**
 * Delegated actions' server half: the routes of `./api`, its tables and the `delegatedActions`
 * setting. It requires the embedded wallet (the wallets it delegates) and reads the wallets
 * plugin's `chainRpcUrls` for sends.
 * @param options - the delegation key, the RPC fetch and the rate limits.
 * @returns the server plugin.
 * @throws TypeError for a malformed delegation key.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { embeddedWalletsServer } from 'portico/plugins/embedded-wallets/server'
 * import { delegatedActionsServer } from 'portico/plugins/delegated-actions/server'
 * const server = await createServer({
 *   db: await createPgliteDb(), mail: new DevInbox(), secret: process.env.PORTICO_SECRET!,
 *   plugins: [embeddedWalletsServer({ ... }), delegatedActionsServer({ delegationKey: process.env.PORTICO_DELEGATION_KEY })],
 * })
 * ```
 */
export function delegatedActionsServer(options: DelegatedActionsServerOptions = {}) {
  const keys = delegationKeys(options.delegationKey)
  const consentLimit = options.consentPerUser ?? DA_CONSENT_PER_USER
  const callsLimit = options.callsPerApp ?? DA_CALLS_PER_APP
  const rpcFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const withKeys = () => {
    if (!keys) throw errors.featureNotEnabled('Delegated actions are not enabled on this server (no delegation key).')
    return keys
  }

  /** Removes the user's delegated keys (one wallet, or all) and clears the wallets' flag, in one transaction. */
  async function revokeIn(tx: Db, appId: string, userId: string, identityKey: string | null): Promise<void> {
    const removed = await tx.query<{ address: string }>(
      `DELETE FROM delegated_wallets WHERE app_id = $1 AND user_id = $2 AND ($3::text IS NULL OR identity_key = $3) RETURNING address`,
      [appId, userId, identityKey],
    )
    for (const row of removed) await setEmbeddedWalletDelegated(tx, appId, userId, row.address, false)
  }

  return defineServerPlugin({
    id: 'delegated-actions',
    routes: delegatedActionRoutes,
    schemas: delegatedActionSchemas,
    requires: [embeddedWalletsServer()],
    migrations: delegatedActionMigrations,
    ...(keys ? { sealedData: delegationSealedData(keys, (tx, row) => revokeIn(tx, row.app_id, row.user_id, row.identity_key)) } : {}),
    settings: [delegatedActionsSetting],
    requestHeaders: ['privy-mfa-token'],
    ownOrigin: true,
    handlers: {
      async key() {
        return { public_key: withKeys().publicKey }
      },

      async consent(req, ctx) {
        const keys = withKeys()
        const { userId } = await ctx.requireSession()
        const wallet = walletOf(req.body.address, req.body.chain_type)
        await ctx.rateLimit(`da:consent:${ctx.app.id}:${userId}`, consentLimit.limit, consentLimit.windowMs)
        await ctx.checkSensitiveOperation(DELEGATED_ACTION_OPERATIONS.delegate)
        const binding = bindingOf(ctx.app.id, { user_id: userId, chain_type: wallet.chainType, address: wallet.address })
        const opened = await keys.open(req.body.sealed_key, binding).catch(() => {
          throw errors.invalidData('sealed_key does not open with the delegation key for this user and wallet.')
        })
        let sealedKey = req.body.sealed_key
        try {
          if (!keyMatches(opened.key, wallet)) throw errors.invalidData("sealed_key does not hold this wallet's key.")
          // Sealed to the key the frame fetched just before a rotation: stored sealed to the newest.
          if (opened.stale) sealedKey = await keys.seal(opened.key, binding)
        } finally {
          opened.key.fill(0)
        }
        await ctx.db.transaction(async (tx) => {
          if (!(await setEmbeddedWalletDelegated(tx, ctx.app.id, userId, wallet.address, true))) {
            throw errors.linkedAccountNotFound('No such embedded wallet for this user.')
          }
          await tx.query(
            `INSERT INTO delegated_wallets (app_id, identity_key, address, user_id, chain_type, sealed_key, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (app_id, identity_key) DO UPDATE SET sealed_key = EXCLUDED.sealed_key, created_at = EXCLUDED.created_at
             WHERE delegated_wallets.user_id = EXCLUDED.user_id`,
            [ctx.app.id, wallet.identityKey, wallet.address, userId, wallet.chainType, sealedKey, ctx.now()],
          )
        })
        const user = await ctx.users.get(ctx.app, userId)
        if (!user) throw errors.invalidToken()
        return ctx.users.toWire(user)
      },

      async revoke(req, ctx) {
        const { userId } = await ctx.requireSession()
        const wallet = req.body.address === undefined ? null : walletOf(req.body.address)
        await ctx.rateLimit(`da:consent:${ctx.app.id}:${userId}`, consentLimit.limit, consentLimit.windowMs)
        await ctx.db.transaction(async (tx) => {
          if (wallet && !(await setEmbeddedWalletDelegated(tx, ctx.app.id, userId, wallet.address, false))) {
            throw errors.linkedAccountNotFound('No such embedded wallet for this user.')
          }
          await revokeIn(tx, ctx.app.id, userId, wallet?.identityKey ?? null)
        })
        const user = await ctx.users.get(ctx.app, userId)
        if (!user) throw errors.invalidToken()
        return ctx.users.toWire(user)
      },

      async rpc(req, ctx) {
        const keys = withKeys()
        const settings = checkAppSecret(req, ctx)
        const walletId = req.params.wallet_id ?? ''
        const { digest, expiry } = checkSignedRequest(req, ctx, settings, `/api/v1/wallets/${walletId}/rpc`)
        const wallet = walletOf(walletId)
        await ctx.rateLimit(`da:rpc:${ctx.app.id}`, callsLimit.limit, callsLimit.windowMs)
        const request: v.InferOutput<typeof RpcRequest> = req.body
        const caip2 = 'caip2' in request ? request.caip2 : null
        // Used digests are kept until they expire; dropping the old ones is best effort.
        await ctx.db.query('DELETE FROM delegated_action_requests WHERE app_id = $1 AND expires_at < $2', [ctx.app.id, ctx.now()]).catch(() => undefined)

        const outcome = await ctx.db.transaction(async (tx) => {
          const fresh = await tx.query('INSERT INTO delegated_action_requests (app_id, digest, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING digest', [ctx.app.id, digest, expiry])
          if (!fresh[0]) throw new HttpError(400, 'invalid_request', 'This signed request was already used.')
          // The row stays locked until the call is recorded: a revocation waits, then holds; one wallet's calls run one at a time (nonces).
          const [row] = await tx.query<DelegatedWalletRow>(
            'SELECT identity_key, address, user_id, chain_type, sealed_key FROM delegated_wallets WHERE app_id = $1 AND identity_key = $2 FOR UPDATE',
            [ctx.app.id, wallet.identityKey],
          )
          if (!row) throw notDelegated()
          const target = { chainType: row.chain_type, address: row.address }
          const binding = bindingOf(ctx.app.id, row)
          // A stored key that does not open (sealed to a key no longer listed, or moved) delegates nothing:
          // the delegation has ended, and the user's wallet stops showing it (committed with the digest).
          const opened = await keys.open(row.sealed_key, binding).catch((error: unknown) => {
            if (error instanceof DelegationSealError) return null
            throw error
          })
          if (!opened) {
            await revokeIn(tx, ctx.app.id, row.user_id, row.identity_key)
            return { ended: true as const }
          }
          let result: Awaited<ReturnType<typeof runWalletCall>> | null = null
          let failure: HttpError | null = null
          try {
            // Sealed to an older key: resealed to the newest, in this transaction (the row is locked).
            if (opened.stale) {
              await tx.query('UPDATE delegated_wallets SET sealed_key = $1 WHERE app_id = $2 AND identity_key = $3', [await keys.seal(opened.key, binding), ctx.app.id, row.identity_key])
            }
            result = await runWalletCall(opened.key, target, request, { rpcUrl: (id) => readSetting(ctx.app, chainRpcUrlsSetting)[id], fetch: rpcFetch })
          } catch (error) {
            if (!(error instanceof HttpError)) throw error
            failure = error
          } finally {
            opened.key.fill(0)
          }
          const recorded = result ? ('signature' in result.data ? result.data.signature : result.data.hash) : null
          await tx.query(
            `INSERT INTO delegated_wallet_actions (id, app_id, identity_key, user_id, method, status, caip2, result, error, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [newId(), ctx.app.id, row.identity_key, row.user_id, request.method, failure ? 'failed' : 'succeeded', caip2, recorded, failure?.code ?? null, ctx.now()],
          )
          return { result, failure }
        })
        if ('ended' in outcome) throw notDelegated()
        if (outcome.failure) throw outcome.failure
        return outcome.result!
      },

      async actions(req, ctx) {
        checkAppSecret(req, ctx)
        const wallet = walletOf(req.params.wallet_id ?? '')
        const rows = await ctx.db.query<WalletActionRow>(
          `SELECT id, identity_key, method, status, caip2, result, error, created_at FROM delegated_wallet_actions
           WHERE app_id = $1 AND identity_key = $2 ORDER BY created_at DESC, id DESC LIMIT 100`,
          [ctx.app.id, wallet.identityKey],
        )
        return { data: rows.map((r) => actionWire(r, wallet.address)) }
      },
    },
  })
}
