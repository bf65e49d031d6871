/**
 * A software WebAuthn authenticator for tests: a P-256 key per credential, real `none` attestations
 * and real signed assertions, in the contract's snake_case shapes. Node only (node:crypto).
 * @module
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { WireAssertion, WireAttestation, WireAuthenticationOptions, WireRegistrationOptions } from './convert'

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: string
  rpId: string
  userHandle: string
  privateKey: KeyObject
  /** The signature counter, incremented before each assertion. */
  counter: number
}

/** Options of one ceremony. */
export interface CeremonyOptions {
  /** The page origin written into clientDataJSON. */
  origin: string
  /** Set the user-verified flag. @defaultValue true */
  userVerified?: boolean
  /** Use this counter value instead of incrementing (replay tests). */
  counter?: number
  /** `crossOrigin` in clientDataJSON: the ceremony runs in a cross-origin frame. @defaultValue false */
  crossOrigin?: boolean
  /** `topOrigin` in clientDataJSON: the top-level page of a framed ceremony. @defaultValue absent */
  topOrigin?: string
  /** Create the credential under this id instead of a random one (a clone or an attacker's copy). */
  credentialId?: string
  /** The AAGUID the attestation names (a provider model, '1Password'...). @defaultValue all zeros (none) */
  aaguid?: string
}

/** The clientDataJSON of a ceremony. */
function clientDataJson(type: 'webauthn.create' | 'webauthn.get', challenge: string, c: CeremonyOptions): Buffer {
  const framing = { crossOrigin: c.crossOrigin ?? false, ...(c.topOrigin !== undefined ? { topOrigin: c.topOrigin } : {}) }
  return Buffer.from(JSON.stringify({ type, challenge, origin: c.origin, ...framing }))
}

// Minimal CBOR encoder: enough for an attestation object and a COSE key.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 256) return Buffer.from([(major << 5) | 24, n])
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [k: string]: Cbor }
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const s = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, s.length), s])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64 = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url')

function flags(userVerified: boolean, attested: boolean): number {
  // UP (user present), UV (user verified), AT (attested credential data follows).
  return 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0)
  return b
}

/**
 * Creates a software authenticator.
 * @returns `create(options, ceremony)` answering an Attestation, `get(options, ceremony)` answering an
 *   Assertion, and the credentials it holds.
 * @example
 * ```ts
 * import { createSoftAuthenticator } from './soft-authenticator'
 * const auth = createSoftAuthenticator()
 * const attestation = auth.create(init.options, { origin: 'http://localhost:5173' })
 * ```
 */
export function createSoftAuthenticator() {
  const credentials: SoftCredential[] = []
  return {
    credentials,
    /** Answers `navigator.credentials.create`. */
    create(options: WireRegistrationOptions, ceremony: CeremonyOptions): WireAttestation {
      const rpId = options.rp.id ?? new URL(ceremony.origin).hostname
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const id = ceremony.credentialId !== undefined ? Buffer.from(ceremony.credentialId, 'base64url') : randomBytes(16)
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(ceremony.userVerified ?? true, true)]),
        counterBytes(0),
        ceremony.aaguid ? Buffer.from(ceremony.aaguid.replace(/-/g, ''), 'hex') : Buffer.alloc(16),
        Buffer.from([id.length >> 8, id.length & 255]),
        id,
        cose,
      ])
      const clientData = clientDataJson('webauthn.create', options.challenge, ceremony)
      credentials.push({ id: b64(id), rpId, userHandle: options.user.id, privateKey, counter: 0 })
      return {
        id: b64(id),
        raw_id: b64(id),
        type: 'public-key',
        response: {
          client_data_json: b64(clientData),
          attestation_object: b64(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal'],
        },
        authenticator_attachment: 'platform',
        client_extension_results: {},
      }
    },
    /** Answers `navigator.credentials.get` with a given credential (the first one by default). */
    get(options: WireAuthenticationOptions, ceremony: CeremonyOptions, credential: SoftCredential = credentials[0]!): WireAssertion {
      credential.counter = ceremony.counter ?? credential.counter + 1
      const authData = Buffer.concat([
        sha256(options.rp_id ?? credential.rpId),
        Buffer.from([flags(ceremony.userVerified ?? true, false)]),
        counterBytes(credential.counter),
      ])
      const clientData = clientDataJson('webauthn.get', options.challenge, ceremony)
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey)
      return {
        id: credential.id,
        raw_id: credential.id,
        type: 'public-key',
        response: {
          client_data_json: b64(clientData),
          authenticator_data: b64(authData),
          signature: b64(signature),
          user_handle: credential.userHandle,
        },
        authenticator_attachment: 'platform',
        client_extension_results: {},
      }
    },
  }
}
