/**
 * The signed requests of the app backend's wallet API (spec 03 §3, "Signed calls"): the backend
 * signs, with its authorization key (P-256), the canonical JSON (RFC 8785: keys sorted, no spaces) of
 * `{version: 1, url, method, headers: {privy-app-id, privy-request-expiry}, body}`, and sends the
 * signature (base64 of the 64-byte compact ECDSA signature over its SHA-256) in
 * `privy-authorization-signature`, with the expiry (ms since the epoch) in `privy-request-expiry`.
 * The server checks the signature against the app's registered public keys, refuses a request past
 * its expiry or more than {@link MAX_REQUEST_LIFETIME_MS} ahead, and refuses a payload it has seen.
 * Shared by the backend client (`./client`) and the server half.
 * @module
 */
import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64 } from '@scure/base'

/** The signature's header. */
export const SIGNATURE_HEADER = 'privy-authorization-signature'
/** The expiry's header (ms since the epoch). */
export const EXPIRY_HEADER = 'privy-request-expiry'
/** The app id's header. */
export const APP_ID_HEADER = 'privy-app-id'
/** How far ahead a request's expiry may be: the contract's now + 30 min, with a minute of clock skew. */
export const MAX_REQUEST_LIFETIME_MS = 31 * 60 * 1000
/** The expiry the client sets: now + 30 min (spec 03 §3). */
export const REQUEST_LIFETIME_MS = 30 * 60 * 1000

/** What a signature covers. */
export interface SignedRequestInput {
  /** The full URL (the API's public base and the path, no query). */
  url: string
  method: 'POST' | 'PATCH' | 'GET'
  appId: string
  /** The expiry (ms since the epoch). */
  expiry: number
  body: unknown
}

/**
 * The canonical JSON of a value (RFC 8785): object keys sorted by UTF-16 code units, no whitespace,
 * numbers and strings as `JSON.stringify` writes them. `undefined` members are left out.
 * @param value - a JSON value.
 * @returns the canonical text.
 * @throws TypeError for a value JSON cannot carry (a bigint, a function, a non-finite number).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('A non-finite number has no JSON form.')
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  throw new TypeError(`A ${typeof value} has no JSON form.`)
}

/**
 * The bytes a request's signature covers.
 * @param input - the request.
 * @returns the canonical JSON's UTF-8 bytes.
 */
export function signaturePayload(input: SignedRequestInput): Uint8Array {
  return new TextEncoder().encode(
    canonicalJson({
      version: 1,
      url: input.url,
      method: input.method,
      headers: { [APP_ID_HEADER]: input.appId, [EXPIRY_HEADER]: String(input.expiry) },
      body: input.body,
    }),
  )
}

/**
 * Signs a request with an authorization key.
 * @param privateKey - the P-256 private key (32 bytes).
 * @param input - the request.
 * @returns the header's value (base64).
 */
export function signRequest(privateKey: Uint8Array, input: SignedRequestInput): string {
  return base64.encode(p256.sign(signaturePayload(input), privateKey, { lowS: true }))
}

/**
 * Whether a signature is one of the keys' over the request.
 * @param signature - the header's value.
 * @param publicKeys - the app's authorization public keys (SEC1 bytes).
 * @param input - the request as the server received it.
 * @returns true when one key verifies it.
 */
export function verifyRequestSignature(signature: string, publicKeys: readonly Uint8Array[], input: SignedRequestInput): boolean {
  let bytes: Uint8Array
  try {
    bytes = base64.decode(signature)
  } catch {
    return false
  }
  if (bytes.length !== 64) return false
  const payload = signaturePayload(input)
  return publicKeys.some((key) => {
    try {
      // Low-S only: one signature per payload, so a replay cannot pass as another signature.
      return p256.verify(bytes, payload, key, { lowS: true })
    } catch {
      return false
    }
  })
}

/** The SHA-256 of a request's payload: the key the server refuses a replay by. */
export const payloadDigest = (input: SignedRequestInput): Uint8Array => sha256(signaturePayload(input))

/**
 * A new authorization key pair: the backend keeps the private key, the app's settings list the
 * public key (`delegatedActions.authorizationKeys`, base64 of the compressed point).
 * @returns both halves, base64.
 * @example
 * ```ts
 * import { generateAuthorizationKey } from 'portico/plugins/delegated-actions/server'
 * const { privateKey, publicKey } = generateAuthorizationKey()
 * ```
 */
export function generateAuthorizationKey(): { privateKey: string; publicKey: string } {
  const { secretKey, publicKey } = p256.keygen()
  return { privateKey: base64.encode(secretKey), publicKey: base64.encode(publicKey) }
}
