/**
 * Tokens: ES256 access and identity tokens signed with the app's P-256 key, and opaque refresh
 * tokens stored hashed.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  SignJWT,
  calculateJwkThumbprint,
  createRemoteJWKSet,
  decodeProtectedHeader,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  importSPKI,
  jwtVerify,
  type JWK,
} from 'jose'
import { PorticoError } from '../kernel/errors'

/** Issuer claim of every token (part of the wire format). */
export const TOKEN_ISSUER = 'privy.io'
/** Lifetime of access and identity tokens. */
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000
/**
 * How long an app's JWKS may be cached (its `Cache-Control`, and `verifyAccessToken`'s key sets): after
 * a signing key is retired, hosts stop accepting its tokens within this time.
 */
export const JWKS_MAX_AGE_MS = 60 * 1000

/** A key pair of an app: the private JWK (stored) and the SPKI PEM it publishes as `verification_key`. */
export interface AppKeys {
  privateJwk: JWK
  publicPem: string
}

/**
 * Generates a new P-256 key pair for an app.
 * @returns the private key as JWK and the public key as SPKI PEM.
 * @example
 * ```ts
 * import { generateAppKeys } from 'portico/server'
 * const { privateJwk, publicPem } = await generateAppKeys()
 * ```
 */
export async function generateAppKeys(): Promise<AppKeys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  return { privateJwk: await exportJWK(privateKey), publicPem: await exportSPKI(publicKey) }
}

/** An app's signing key with its key id (the RFC 7638 thumbprint the JWKS publishes as `kid`). */
export interface AppSigningKey {
  key: CryptoKey
  kid: string
}

/**
 * The key id of an app key: its RFC 7638 JWK thumbprint (private members are ignored), as the app's
 * JWKS (`GET /api/v1/apps/:app_id/jwks.json`) names it.
 * @param jwk - the app's public or private JWK.
 * @returns the base64url SHA-256 thumbprint.
 * @example
 * ```ts
 * import { keyIdOf } from 'portico/server'
 * const kid = await keyIdOf(app.privateJwk)
 * ```
 */
export function keyIdOf(jwk: JWK): Promise<string> {
  return calculateJwkThumbprint(jwk)
}

/**
 * Imports a private JWK for signing, with its key id. Callers cache the result: importing costs more than signing.
 * @param jwk - the app's private key.
 * @returns the signing key and the `kid` every token it signs carries.
 * @example
 * ```ts
 * const { key, kid } = await importSigningKey(app.privateJwk)
 * ```
 */
export async function importSigningKey(jwk: JWK): Promise<AppSigningKey> {
  return { key: (await importJWK(jwk, 'ES256')) as CryptoKey, kid: await keyIdOf(jwk) }
}

/** Claims of an access token. */
export interface AccessTokenInput {
  appId: string
  sessionId: string
  /** The user's DID (`did:privy:<id>`). */
  userDid: string
  /** Issue time in ms. */
  now: number
  /**
   * The app requires its terms and the user has not accepted them yet: the token carries
   * {@link TERMS_PENDING_CLAIM}, so `verifyAccessToken` refuses it as a signed-in user's.
   */
  termsPending?: boolean
}

/**
 * The claim (`terms: "pending"`) of an access token issued while its user has not accepted the terms
 * the app requires: a Portico extension of the contract's claims. A session refreshed after the
 * acceptance gets a token without it.
 */
export const TERMS_PENDING_CLAIM = { terms: 'pending' } as const

/**
 * Signs an access token: `sid`, `sub`, `iss`, `aud`, `iat`, `exp` (1 hour), and `terms: "pending"`
 * while the user owes the app's terms; the header names the key (`kid`).
 * @param key - the app's signing key ({@link importSigningKey}).
 * @param input - the claims.
 * @returns the compact JWT.
 * @example
 * ```ts
 * const token = await signAccessToken(key, { appId, sessionId, userDid, now: Date.now() })
 * ```
 */
export function signAccessToken(key: AppSigningKey, input: AccessTokenInput): Promise<string> {
  return signWithStandardClaims(key, { sid: input.sessionId, ...(input.termsPending ? TERMS_PENDING_CLAIM : {}) }, input)
}

/** Signs claims with what every token of an app carries: header with `kid`, `sub`, `iss`, `aud`, `iat`, `exp`. */
function signWithStandardClaims(key: AppSigningKey, claims: Record<string, string>, input: { appId: string; userDid: string; now: number }): Promise<string> {
  const iat = Math.floor(input.now / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
    .setSubject(input.userDid)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(input.appId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_MS / 1000)
    .sign(key.key)
}

/** Claims of an identity token. */
export interface IdentityTokenInput {
  appId: string
  userDid: string
  /** User creation time in ms. */
  createdAt: number
  isGuest: boolean
  /** Compact linked-account entries (`type`, identifying fields, `lv`). */
  linkedAccounts: readonly Record<string, unknown>[]
  customMetadata: Record<string, unknown> | null
  /** Further string claims (the plugins' user fields, JSON-encoded); never the standard ones. @defaultValue none */
  extraClaims?: Readonly<Record<string, string>>
  now: number
}

/**
 * Signs an identity token: `sub`, `cr` (string), `guest` (`t`/`f`), `linked_accounts` (JSON string),
 * `custom_metadata` (JSON string, when set), any `extraClaims`, `iss`, `aud`, `iat`, `exp`; the header names the key (`kid`).
 * @param key - the app's signing key ({@link importSigningKey}).
 * @param input - the user's data.
 * @returns the compact JWT.
 * @example
 * ```ts
 * const idToken = await signIdentityToken(key, { appId, userDid, createdAt, isGuest: false, linkedAccounts: [], customMetadata: null, now: Date.now() })
 * ```
 */
export function signIdentityToken(key: AppSigningKey, input: IdentityTokenInput): Promise<string> {
  const claims: Record<string, string> = {
    ...input.extraClaims,
    cr: String(Math.floor(input.createdAt / 1000)),
    guest: input.isGuest ? 't' : 'f',
    linked_accounts: JSON.stringify(input.linkedAccounts),
  }
  if (input.customMetadata) claims.custom_metadata = JSON.stringify(input.customMetadata)
  return signWithStandardClaims(key, claims, input)
}

/** What {@link verifyAccessToken} reads from a valid token. */
export interface AccessTokenClaims {
  appId: string
  /** The user's DID. */
  userId: string
  sessionId: string
  issuer: string
  /** Unix seconds. */
  issuedAt: number
  /** Unix seconds. */
  expiration: number
  /**
   * The token was issued before its user accepted the terms the app requires (only ever true with
   * {@link VerifyAccessTokenOptions.allowTermsPending}: otherwise such a token is refused).
   */
  termsPending: boolean
}

/** Options of {@link verifyAccessToken}. */
export interface VerifyAccessTokenOptions {
  appId: string
  /**
   * The app's `verification_key` (SPKI PEM) or an imported public key. Without it, the key comes from
   * the server's `GET <apiUrl>/api/v1/apps/<appId>/jwks.json` (cached for {@link JWKS_MAX_AGE_MS}).
   */
  verificationKey?: string | CryptoKey
  /** The Portico API's base URL, for the JWKS. @defaultValue the `PORTICO_API_URL` environment variable */
  apiUrl?: string
  /** The time to check `exp` against, in ms. @defaultValue Date.now() */
  now?: number
  /** Accept a token whose `exp` has passed (refresh and logout do). @defaultValue false */
  allowExpired?: boolean
  /**
   * Accept the token of a user who has not accepted the terms the app requires (it carries
   * `terms: "pending"`); the claims then say `termsPending: true`. Portico's own server does, for the
   * consent step's routes. @defaultValue false: such a token is refused with `terms_not_accepted`
   */
  allowTermsPending?: boolean
}

/** A public key and its key id. */
interface VerificationKey {
  key: CryptoKey
  kid: string
}

const pemKeys = new Map<string, Promise<VerificationKey>>()
const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

/** The app's key set at `<apiUrl>/api/v1/apps/<appId>/jwks.json`, one cached fetcher per URL. */
function remoteKeySet(apiUrl: string, appId: string): ReturnType<typeof createRemoteJWKSet> {
  const url = `${apiUrl.replace(/\/$/, '')}/api/v1/apps/${encodeURIComponent(appId)}/jwks.json`
  let set = remoteKeySets.get(url)
  if (!set) {
    // An unknown `kid` (a rotation) fetches again at once; a retired key leaves within the max age.
    set = createRemoteJWKSet(new URL(url), { cacheMaxAge: JWKS_MAX_AGE_MS })
    remoteKeySets.set(url, set)
  }
  return set
}

async function withKeyId(key: CryptoKey): Promise<VerificationKey> {
  return { key, kid: await keyIdOf(await exportJWK(key)) }
}

async function importedKey(pem: string): Promise<VerificationKey> {
  let cached = pemKeys.get(pem)
  if (!cached) {
    cached = importSPKI(pem, 'ES256', { extractable: true }).then((k) => withKeyId(k as CryptoKey))
    pemKeys.set(pem, cached)
    cached.catch(() => pemKeys.delete(pem))
  }
  return cached
}

const BASE64URL = /^[A-Za-z0-9_-]*$/

/**
 * Whether a compact JWS segment is canonical base64url (RFC 7515 §2: no padding, no line breaks):
 * decoding and re-encoding gives the same text, so non-zero trailing bits and stray characters fail.
 */
function isCanonicalSegment(segment: string): boolean {
  return BASE64URL.test(segment) && Buffer.from(segment, 'base64url').toString('base64url') === segment
}

/**
 * Checks what the signature does not cover or jose tolerates: three canonical base64url segments, and a
 * `kid` naming a key of the app (tokens without one are refused too: every token Portico signs has one).
 */
function checkCompactForm(token: string, expectedKid: string | null): void {
  const segments = token.split('.')
  if (segments.length !== 3 || !segments.every(isCanonicalSegment)) throw new Error('not a canonical compact JWS')
  const { kid } = decodeProtectedHeader(token)
  if (typeof kid !== 'string' || kid.length === 0) throw new Error('no kid')
  if (expectedKid !== null && kid !== expectedKid) throw new Error('unknown kid')
}

/**
 * Verifies an access token the way a host backend should: canonical base64url segments, ES256,
 * `typ: JWT`, a `kid` naming the app's key, issuer `privy.io`, audience = app id, not expired, with
 * `sid` and `sub`; and, unless `allowTermsPending`, not issued to a user who still owes the app's
 * terms (`terms: "pending"`: the user is not signed in until they accept).
 * @param token - the compact JWT (without `Bearer `).
 * @param appIdOrOptions - the app id (the key then comes from the JWKS of `PORTICO_API_URL`), or the
 *   app id with the verification key or the API URL.
 * @returns the token's claims.
 * @throws PorticoError with code `missing_or_invalid_token` when anything is wrong, `terms_not_accepted`
 *   when the token's user has not accepted the terms the app requires.
 * @example
 * ```ts
 * import { verifyAccessToken } from 'portico/server'
 * // With PORTICO_API_URL=https://auth.example.com set: the app's JWKS is fetched and cached for a minute.
 * const claims = await verifyAccessToken(token, appId)
 * // Or with the app's verification_key, no network at all:
 * await verifyAccessToken(token, { appId, verificationKey: appConfig.verification_key })
 * console.log(claims.userId) // 'did:privy:...'
 * ```
 */
export async function verifyAccessToken(
  token: string,
  appIdOrOptions: string | VerifyAccessTokenOptions,
): Promise<AccessTokenClaims> {
  const options: VerifyAccessTokenOptions = typeof appIdOrOptions === 'string' ? { appId: appIdOrOptions } : appIdOrOptions
  let key: VerificationKey | ReturnType<typeof createRemoteJWKSet>
  if (typeof options.verificationKey === 'string') key = await importedKey(options.verificationKey)
  else if (options.verificationKey) key = await withKeyId(options.verificationKey)
  else {
    const apiUrl = options.apiUrl ?? process.env.PORTICO_API_URL
    if (!apiUrl) throw new TypeError('verifyAccessToken needs the verification key, apiUrl or the PORTICO_API_URL variable')
    key = remoteKeySet(apiUrl, options.appId)
  }
  let claims: AccessTokenClaims
  try {
    // A remote key set picks the key by `kid` itself; an unknown one matches none of its keys.
    checkCompactForm(token, typeof key === 'function' ? null : key.kid)
    const verifyOptions = {
      algorithms: ['ES256'],
      typ: 'JWT',
      issuer: TOKEN_ISSUER,
      audience: options.appId,
      currentDate: new Date(options.now ?? Date.now()),
      // Refresh accepts expired tokens: skew of "forever" is how jose expresses that.
      clockTolerance: options.allowExpired ? Number.MAX_SAFE_INTEGER : 0,
      requiredClaims: ['sid', 'sub', 'iat', 'exp'],
    }
    const { payload } =
      typeof key === 'function' ? await jwtVerify(token, key, verifyOptions) : await jwtVerify(token, key.key, verifyOptions)
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw new Error('bad claims')
    claims = {
      appId: options.appId,
      userId: payload.sub,
      sessionId: payload.sid,
      issuer: payload.iss!,
      issuedAt: payload.iat!,
      expiration: payload.exp!,
      termsPending: payload.terms === TERMS_PENDING_CLAIM.terms,
    }
  } catch (cause) {
    throw new PorticoError('Invalid access token', { code: 'missing_or_invalid_token', cause })
  }
  if (claims.termsPending && !options.allowTermsPending) {
    throw new PorticoError('The user has not accepted the terms of this app', { code: 'terms_not_accepted' })
  }
  return claims
}

/**
 * A new opaque refresh token: 32 random bytes, base64url.
 * @returns the token.
 * @example
 * ```ts
 * const token = newRefreshToken()
 * ```
 */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The stored form of a refresh token. A plain SHA-256 suffices: the token has 256 random bits.
 * @param token - the refresh token.
 * @returns its hex SHA-256.
 * @example
 * ```ts
 * const hash = hashRefreshToken(token)
 * ```
 */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
