/**
 * Sign-In With Solana, server half: hands out single-use nonces, checks signed SIWS messages (domain,
 * nonce, times, ed25519 signature) and turns them into sessions or linked wallets.
 * @module
 */
import { createPublicKey, randomBytes, verify } from 'node:crypto'
import {
  defineServerPlugin,
  errors,
  isLoginEnabled,
  type AccountInput,
  type LinkedAccountType,
  type RateLimitSetting,
  type RequestContext,
  type ServerRequest,
} from '../../server'
import { siwsRoutes } from './api'
import { base58Decode } from './base58'
import { parseSiwsMessage, SIWS_CHAIN_ID, type SiwsMessage } from './message'
import { siwsSchemas } from './schemas'

/** Options of {@link siwsServer}. */
export interface SiwsServerOptions {
  /** How long a nonce may be used. @defaultValue 10 minutes */
  nonceTtlMs?: number
  /** Nonces per client IP. @defaultValue 100 per 10 minutes */
  initPerIp?: RateLimitSetting
  /** Tolerated clock difference between browser and server for `Issued At` / `Not Before`. @defaultValue 5 minutes */
  clockSkewMs?: number
}

/** The signed fields both authenticate and link receive. */
interface SignedBody {
  message: string
  signature: string
  walletClientType?: string | null
  connectorType?: string | null
  message_type?: 'transaction' | 'plain' | 'offchain-message'
}

const MINUTE = 60_000

/** Every candidate reading of a signature that is 64 bytes long: base64 (standard or url-safe) and base58. */
function signatureCandidates(text: string): Uint8Array[] {
  const out: Uint8Array[] = []
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const b64 = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (b64.length === 64) out.push(new Uint8Array(b64))
  }
  const b58 = base58Decode(text)
  if (b58?.length === 64) out.push(b58)
  return out
}

/** Verifies an ed25519 signature of `message` by the 32-byte key behind a base58 address. */
function verifyEd25519(address: string, message: string, signature: Uint8Array): boolean {
  const raw = base58Decode(address)
  if (raw?.length !== 32) return false
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' })
    return verify(null, Buffer.from(message, 'utf8'), key, signature)
  } catch {
    // A 32-byte value that is not a curve point: not a key that can have signed anything.
    return false
  }
}

const isoTime = (text: string): number => (/^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN)

/** The linked account a verified wallet stands for. */
function walletAccount(address: string, body: SignedBody): AccountInput {
  return {
    type: 'wallet',
    // base58 is case-sensitive: the address is the key as is.
    identityKey: address,
    details: {
      address,
      chain_type: 'solana',
      wallet_client: 'unknown',
      // Optional on the wire: left out when the widget did not know them.
      ...(body.walletClientType ? { wallet_client_type: body.walletClientType } : {}),
      ...(body.connectorType ? { connector_type: body.connectorType } : {}),
    },
  }
}

/** Solana wallets share the `wallet` type with Ethereum ones: keys the user holds (strong). */
export const solanaWalletAccountType: LinkedAccountType = { type: 'wallet', strong: true }

/**
 * The SIWS plugin's server half: `POST /api/v1/siws/init`, `/authenticate`, `/link`, `/unlink` and
 * `/transfer`, and the
 * `siws_nonces` table.
 * @param options - nonce lifetime, rate limit and clock tolerance.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { siwsServer } from 'portico/plugins/siws/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [siwsServer()] })
 * ```
 */
export function siwsServer(options: SiwsServerOptions = {}) {
  const ttl = options.nonceTtlMs ?? 10 * MINUTE
  const perIp = options.initPerIp ?? { limit: 100, windowMs: 10 * MINUTE }
  const skew = options.clockSkewMs ?? 5 * MINUTE

  function checkEnabled(ctx: RequestContext): void {
    if (!isLoginEnabled(ctx.app, 'solana_wallet_auth')) throw errors.disallowedLoginMethod('Solana wallets')
  }

  /** Checks everything but the nonce's row; answers the message's fields. */
  function checkMessage(req: ServerRequest<SignedBody>, ctx: RequestContext): SiwsMessage {
    const body = req.body
    if (body.message_type && body.message_type !== 'plain') {
      throw errors.notSupported('Only plain Sign-In With Solana messages are supported.')
    }
    const fields = parseSiwsMessage(body.message)
    if (!fields) throw errors.invalidData('The message is not a Sign-In With Solana message.')
    const signatures = signatureCandidates(body.signature)
    if (!signatures.length) throw errors.invalidData('The signature must be 64 bytes in base64 or base58.')
    const issuedAt = isoTime(fields.issuedAt)
    const expiresAt = fields.expirationTime === undefined ? undefined : isoTime(fields.expirationTime)
    const notBefore = fields.notBefore === undefined ? undefined : isoTime(fields.notBefore)
    if (Number.isNaN(issuedAt) || Number.isNaN(expiresAt) || Number.isNaN(notBefore)) {
      throw errors.invalidData('The message has a malformed time.')
    }

    const bad = (why: string) => errors.invalidCredentials(`Invalid Sign-In With Solana message: ${why}.`)
    let uri: URL
    try {
      uri = new URL(fields.uri)
    } catch {
      throw bad('the URI is not a URL')
    }
    // The page that asked must be one of the app's, and the message must name it consistently.
    if (!ctx.app.allowedOrigins.includes(uri.origin)) throw bad('the URI is not an allowed origin of this app')
    if (fields.domain !== uri.host) throw bad('the domain does not match the URI')
    const origin = req.headers.origin
    if (origin && origin !== uri.origin) throw bad('the URI does not match the request origin')
    if (fields.chainId !== SIWS_CHAIN_ID) throw bad(`the chain must be ${SIWS_CHAIN_ID}`)
    const now = ctx.now()
    if (issuedAt > now + skew) throw bad('it was issued in the future')
    if (issuedAt < now - ttl - skew) throw bad('it is too old')
    if (expiresAt !== undefined && expiresAt <= now) throw bad('it has expired')
    if (notBefore !== undefined && notBefore > now + skew) throw bad('it is not valid yet')
    if (!signatures.some((s) => verifyEd25519(fields.address, body.message, s))) throw bad('the signature does not match')
    return fields
  }

  /**
   * Uses up the message's nonce: issued to this address, unexpired, and not issued after the message
   * (less the clock skew: `Issued At` is bounded by the nonce's age). A message that fails any of these
   * leaves the nonce alone, so nobody can burn another user's nonce.
   */
  async function consumeNonce(ctx: RequestContext, fields: SiwsMessage): Promise<void> {
    const rows = await ctx.db.query(
      `DELETE FROM siws_nonces WHERE app_id = $1 AND nonce = $2 AND address = $3 AND expires_at > $4 AND created_at <= $5
       RETURNING nonce`,
      [ctx.app.id, fields.nonce, fields.address, ctx.now(), isoTime(fields.issuedAt) + skew],
    )
    if (!rows[0]) throw errors.invalidCredentials('Invalid or expired nonce.')
  }

  return defineServerPlugin({
    id: 'siws',
    routes: siwsRoutes,
    schemas: siwsSchemas,
    loginSwitches: [{ name: 'solana_wallet_auth' }],
    accountTypes: [solanaWalletAccountType],
    migrations: [
      {
        id: 'siws/0001_nonces',
        sql: `
CREATE TABLE siws_nonces (
  app_id text NOT NULL,
  nonce text NOT NULL,
  address text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (app_id, nonce)
);
CREATE INDEX siws_nonces_expiry_idx ON siws_nonces (expires_at);`,
      },
    ],
    handlers: {
      async init(req, ctx) {
        checkEnabled(ctx)
        // A signed-in user linking a wallet passed no captcha step (the widget skips it for links).
        if (!(await ctx.session())) await ctx.verifyCaptcha(req.body.token)
        await ctx.rateLimit(`siws:ip:${ctx.app.id}:${ctx.ip}`, perIp.limit, perIp.windowMs)
        const now = ctx.now()
        const nonce = randomBytes(16).toString('hex')
        const expiresAt = now + ttl
        // Expired nonces are swept here rather than by a timer, so no process has to own the cleanup.
        await ctx.db.query('DELETE FROM siws_nonces WHERE app_id = $1 AND expires_at < $2', [ctx.app.id, now])
        await ctx.db.query(
          'INSERT INTO siws_nonces (app_id, nonce, address, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
          [ctx.app.id, nonce, req.body.address, now, expiresAt],
        )
        return { nonce, address: req.body.address, expires_at: new Date(expiresAt).toISOString() }
      },

      async authenticate(req, ctx) {
        checkEnabled(ctx)
        const fields = checkMessage(req, ctx)
        await consumeNonce(ctx, fields)
        return ctx.signIn(walletAccount(fields.address, req.body), {
          mode: req.body.mode,
          allowlistIdentities: [fields.address],
        })
      },

      async link(req, ctx) {
        checkEnabled(ctx)
        // Only a signed-in user may link; check before spending the nonce.
        await ctx.requireSession()
        const fields = checkMessage(req, ctx)
        await consumeNonce(ctx, fields)
        const user = await ctx.link(walletAccount(fields.address, req.body))
        return ctx.users.toWire(user)
      },

      async unlink(req, ctx) {
        const s = await ctx.requireSession()
        // base58 is case-sensitive: the address is the identity key as is.
        const user = await ctx.users.unlink(ctx.app, s.userId, { type: 'wallet', identityKey: req.body.address })
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        // The wallet was proven by the signed link that raised the conflict; the nonce stands for that proof.
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type: 'wallet', identityKey: req.body.address })
        return ctx.users.toWire(user)
      },
    },
  })
}
