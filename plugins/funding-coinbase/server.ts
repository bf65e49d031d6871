/**
 * The Coinbase funding plugin, server half: `POST /api/v1/funding/coinbase_on_ramp/init` creates a
 * Coinbase Onramp session token with the app's CDP API key (a JWT per call, as CDP's
 * authentication asks), and `GET /api/v1/funding/coinbase_on_ramp/status` reads the purchase made
 * in that session from Coinbase's transaction status API. The API key never leaves the server.
 * @module
 */
import { createHash, createPrivateKey, randomBytes, type KeyObject } from 'node:crypto'
import { SignJWT } from 'jose'
import * as v from 'valibot'
import { defineServerPlugin, defineSetting, errors, HttpError, readSetting, type ServerApp } from '../../server'
import { coinbaseRoutes } from './api'
import { coinbaseSchemas, StatusQuery } from './schemas'

/** Coinbase Developer Platform's API. */
export const COINBASE_API_URL = 'https://api.developer.coinbase.com'

/** The app's Coinbase Onramp account. */
export interface CoinbaseOnrampSettings {
  /** The CDP project id (the buy page's `appId`). */
  projectId: string
  /** The CDP secret API key's name (`organizations/…/apiKeys/…`, or the key id). */
  apiKeyName: string
  /**
   * The CDP secret API key: an EC private key in PEM (ES256) or a base64 Ed25519 key (EdDSA).
   * Sealed at rest, never sent to browsers.
   */
  apiKeySecret: string
}

/**
 * `coinbaseOnramp`: the app's CDP project and secret API key, or null when the app has none (the
 * routes then answer `feature_not_enabled`). The key is sealed at rest and masked in the admin API.
 * @defaultValue null
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { coinbaseOnrampSetting } from 'portico/plugins/funding-coinbase/server'
 * const account = readSetting(app, coinbaseOnrampSetting)
 * ```
 */
export const coinbaseOnrampSetting = defineSetting<CoinbaseOnrampSettings | null>({
  key: 'coinbaseOnramp',
  schema: v.nullable(
    v.strictObject({
      projectId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'coinbaseOnramp.projectId is the CDP project id.')),
      apiKeyName: v.pipe(v.string(), v.regex(/^[A-Za-z0-9/_-]{1,200}$/, 'coinbaseOnramp.apiKeyName is the CDP API key name.')),
      apiKeySecret: v.pipe(v.string(), v.minLength(40), v.maxLength(4000)),
    }),
  ),
  default: null,
  secrets: ['apiKeySecret'],
})

/** Options of {@link fundingCoinbaseServer}. */
export interface CoinbaseServerOptions {
  /** Coinbase's API. Tests point it at a stand-in. @defaultValue 'https://api.developer.coinbase.com' */
  apiUrl?: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /** How long a call to Coinbase may take. @defaultValue 10000 */
  timeoutMs?: number
}

/** The signing key of a CDP secret API key, and its JWT algorithm. */
function signingKey(secret: string): { key: KeyObject; alg: 'ES256' | 'EdDSA' } {
  const text = secret.trim()
  if (text.startsWith('-----BEGIN')) return { key: createPrivateKey(text), alg: 'ES256' }
  const raw = Buffer.from(text, 'base64')
  if (raw.length !== 64) throw errors.featureNotEnabled('coinbaseOnramp.apiKeySecret is neither a PEM EC key nor a base64 Ed25519 key.')
  const jwk = { kty: 'OKP', crv: 'Ed25519', d: raw.subarray(0, 32).toString('base64url'), x: raw.subarray(32).toString('base64url') }
  return { key: createPrivateKey({ key: jwk, format: 'jwk' }), alg: 'EdDSA' }
}

/**
 * The bearer JWT CDP asks of each call: signed with the secret API key, naming the key (`kid`,
 * `sub`), the issuer `cdp`, a two-minute life and the one request it is for (`uri`).
 * @param account - the app's CDP key.
 * @param method - the HTTP method.
 * @param url - the full URL called.
 * @param nowMs - the current time.
 * @returns the JWT.
 * @example
 * ```ts
 * const jwt = await cdpJwt(account, 'POST', 'https://api.developer.coinbase.com/onramp/v1/token', Date.now())
 * ```
 */
export async function cdpJwt(account: CoinbaseOnrampSettings, method: string, url: string, nowMs: number): Promise<string> {
  let signer: { key: KeyObject; alg: 'ES256' | 'EdDSA' }
  try {
    signer = signingKey(account.apiKeySecret)
  } catch (e) {
    if (e instanceof HttpError) throw e
    throw errors.featureNotEnabled('coinbaseOnramp.apiKeySecret is not a usable key.')
  }
  const { host, pathname } = new URL(url)
  const now = Math.floor(nowMs / 1000)
  return new SignJWT({ uri: `${method} ${host}${pathname}` })
    .setProtectedHeader({ alg: signer.alg, kid: account.apiKeyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setSubject(account.apiKeyName)
    .setIssuer('cdp')
    .setNotBefore(now)
    .setExpirationTime(now + 120)
    .sign(signer.key)
}

/**
 * The partner user id of one session: a fresh nonce and a digest binding it to the app and the user,
 * so the status route reads only the signed-in user's own sessions and a new session never sees an
 * older purchase.
 */
function partnerUserId(appId: string, userId: string, nonce: string): string {
  return `${nonce}-${createHash('sha256').update(`portico-coinbase-partner\0${appId}\0${userId}\0${nonce}`).digest('hex').slice(0, 24)}`
}

function accountOf(app: ServerApp): CoinbaseOnrampSettings {
  const account = readSetting(app, coinbaseOnrampSetting)
  if (!account) throw errors.featureNotEnabled('Coinbase Onramp is not configured for this app.')
  return account
}

/** Coinbase's transaction statuses that are final. */
const FINAL: Readonly<Record<string, 'success' | 'failure'>> = {
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'success',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failure',
}

/**
 * The Coinbase plugin's server half.
 * @param options - Coinbase's API URL (tests use a stand-in) and fetch.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { fundingCoinbaseServer } from 'portico/plugins/funding-coinbase/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [fundingCoinbaseServer()] })
 * ```
 */
export function fundingCoinbaseServer(options: CoinbaseServerOptions = {}) {
  const apiUrl = (options.apiUrl ?? COINBASE_API_URL).replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? globalThis.fetch
  const timeoutMs = options.timeoutMs ?? 10_000

  /** Calls Coinbase; an unreachable or failing Coinbase is a passing failure (503), a refusal of the input is `invalid_data`. */
  async function call(account: CoinbaseOnrampSettings, method: 'GET' | 'POST', path: string, nowMs: number, body?: unknown): Promise<unknown> {
    const url = `${apiUrl}${path}`
    const jwt = await cdpJwt(account, method, url, nowMs)
    let res: Response
    try {
      res = await fetchImpl(url, {
        method,
        headers: { authorization: `Bearer ${jwt}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      throw new HttpError(503, undefined, 'Coinbase Onramp could not be reached.')
    }
    const json = (await res.json().catch(() => null)) as { message?: unknown } | null
    if (res.status === 400 || res.status === 422) {
      throw errors.invalidData(typeof json?.message === 'string' ? `Coinbase Onramp: ${json.message.slice(0, 300)}` : 'Coinbase Onramp refused the request.')
    }
    if (!res.ok || !json) throw new HttpError(503, undefined, `Coinbase Onramp answered ${res.status}.`)
    return json
  }

  return defineServerPlugin({
    id: 'funding-coinbase',
    routes: coinbaseRoutes,
    schemas: coinbaseSchemas,
    settings: [coinbaseOnrampSetting],
    handlers: {
      async init(req, ctx) {
        const session = await ctx.requireSession()
        const account = accountOf(ctx.app)
        const answer = (await call(account, 'POST', '/onramp/v1/token', ctx.now(), {
          addresses: req.body.addresses,
          ...(req.body.assets ? { assets: req.body.assets } : {}),
          clientIp: ctx.ip,
        })) as { token?: unknown }
        if (typeof answer.token !== 'string' || !answer.token) throw new HttpError(503, undefined, 'Coinbase Onramp returned no session token.')
        return {
          app_id: account.projectId,
          session_token: answer.token,
          partner_user_id: partnerUserId(ctx.app.id, session.userId, randomBytes(8).toString('hex')),
        }
      },

      async status(req, ctx) {
        const session = await ctx.requireSession()
        const query = v.safeParse(StatusQuery, req.query)
        if (!query.success) throw errors.invalidData(query.issues[0]?.message ?? 'partnerUserId is required.')
        const id = query.output.partnerUserId
        // Only the user the session was created for may read it.
        if (partnerUserId(ctx.app.id, session.userId, id.slice(0, 16)) !== id) throw errors.invalidData('partnerUserId does not belong to the signed-in user.')
        const account = accountOf(ctx.app)
        const answer = (await call(account, 'GET', `/onramp/v1/buy/user/${id}/transactions?page_size=10`, ctx.now())) as { transactions?: unknown }
        const transactions = Array.isArray(answer.transactions) ? (answer.transactions as { status?: unknown }[]) : []
        const statuses = transactions.map((t) => (typeof t?.status === 'string' ? FINAL[t.status] : undefined))
        const status = statuses.includes('success') ? 'success' : statuses.includes('failure') ? 'failure' : 'pending'
        return { status } as const
      },
    },
  })
}
