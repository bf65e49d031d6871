/**
 * Sealing the recovery share: AES-256-GCM through WebCrypto, under a 32-byte key that is either held
 * by the server (automatic recovery) or derived from the user's password with Argon2id (password
 * recovery). A password also yields a verifier, independent of the key, which the server checks
 * (with an attempt counter) before it releases the sealed share: the server sees the salt, the
 * verifier and the sealed share, never the password or the key.
 * @module
 */
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { expectBytes, fromBase64Url, toBase64Url } from './encoding'
import { CryptoInputError, RecoveryKeyError } from './errors'

/** Bytes of a recovery key (AES-256). */
const KEY_BYTES = 32
/** Bytes of an AES-GCM nonce (the size GCM is defined for without hashing). */
const IV_BYTES = 12
/** Bytes of the GCM tag appended to the ciphertext. */
const TAG_BYTES = 16
/** Bytes of a password salt. */
const SALT_BYTES = 16
/**
 * The versions of a sealed share, oldest first; {@link encryptShare} writes the last. Both have the same
 * layout; they differ in how a password becomes the key:
 * - `v1`: the key is the Argon2id output itself ({@link legacyPasscodeKey}), and the server cannot check
 *   the password (it hands the sealed share out and the frame tries it);
 * - `v2`: the key and a verifier are two HKDF outputs of the Argon2id output ({@link passcodeKeys}); the
 *   server releases the sealed share only for the right verifier.
 * A random automatic-recovery key is used as it is in both.
 */
export const SEALED_SHARE_VERSIONS = Object.freeze(['v1', 'v2'] as const)
/** A version of the sealed-share format. */
export type SealedShareVersion = (typeof SEALED_SHARE_VERSIONS)[number]
/** The version {@link encryptShare} writes. */
const VERSION: SealedShareVersion = 'v2'
/** The HKDF `info` labels of a `v2` password's two values: distinct, so neither tells anything of the other. */
const V2_INFO = Object.freeze({
  key: 'portico/embedded-wallet/v2/recovery-share-key',
  verifier: 'portico/embedded-wallet/v2/password-verifier',
})

/**
 * The password KDF: Argon2id with OWASP's minimum parameters (19 MiB of memory, 2 passes, 1 lane),
 * giving 32 bytes. Sealed shares do not carry these: changing them is a new sealed-share version, or
 * every password-protected wallet stops opening.
 */
export const PASSCODE_KDF = Object.freeze({
  /** The function (RFC 9106). */
  algorithm: 'argon2id',
  /** Memory in KiB (19 MiB). */
  m: 19456,
  /** Passes over the memory. */
  t: 2,
  /** Lanes. */
  p: 1,
  /** Output bytes (an AES-256 key in `v1`, HKDF's input in `v2`). */
  dkLen: 32,
} as const)

/**
 * A fresh recovery key for automatic recovery: the server keeps it under its own secret and gives it
 * back after login, so a new device recovers without the user; the server's operator can therefore
 * reconstruct the wallet (with the auth share it also holds).
 * @returns 32 random bytes.
 */
export function newRecoveryKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(KEY_BYTES))
}

/**
 * A fresh per-wallet salt for {@link passcodeKeys}.
 * @returns 16 random bytes.
 */
export function newSalt(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SALT_BYTES))
}

/**
 * Argon2id with {@link PASSCODE_KDF} over the password's UTF-8 bytes (in Unicode NFKC form, so the same
 * password typed on another keyboard gives the same bytes). Takes a few hundred milliseconds and
 * 19 MiB, yielding to the event loop while it runs. The password's rules (length, characters,
 * strength) are the client's; this takes any non-empty password.
 */
async function passcodeHash(password: string, salt: Uint8Array): Promise<Uint8Array> {
  if (typeof password !== 'string' || password === '') throw new CryptoInputError('The password must be a non-empty string.')
  const bytes = expectBytes(salt, 'The salt')
  if (bytes.length < SALT_BYTES) throw new CryptoInputError(`The salt must be at least ${SALT_BYTES} bytes.`)
  const { m, t, p, dkLen } = PASSCODE_KDF
  // Loaded on first use: only password recovery needs it, so the frame's first load does not carry it.
  const { argon2idAsync } = await import('@noble/hashes/argon2.js')
  return argon2idAsync(new TextEncoder().encode(password.normalize('NFKC')), bytes, { m, t, p, dkLen })
}

/** What a password gives for a `v2` sealed share. */
export interface PasscodeKeys {
  /** The 32-byte AES key of the sealed share; it never leaves the frame. */
  key: Uint8Array
  /**
   * 32 bytes the frame sends the server: on sealing, for the server to keep (as a hash); on recovery,
   * to have the sealed share released. Independent of the key (another HKDF label), so the server,
   * or anyone who reads it, learns nothing of the key from it.
   */
  verifier: Uint8Array
}

/**
 * The key and the verifier of a password (`v2`): Argon2id ({@link PASSCODE_KDF}) over the password's
 * NFKC form, then HKDF-SHA-256 of its output under two distinct labels.
 * @param password - the user's password (any non-empty string).
 * @param salt - the wallet's salt (at least 16 bytes; {@link newSalt}).
 * @returns the AES key and the verifier.
 * @throws {@link CryptoInputError} on an empty password or a short salt.
 * @example
 * ```ts
 * import { passcodeKeys, newSalt, encryptShare } from './crypto'
 * const salt = newSalt()
 * const { key, verifier } = await passcodeKeys(password, salt)
 * const sealed = await encryptShare(recoveryShare, key, entropyId) // the server gets salt, verifier, sealed
 * ```
 */
export async function passcodeKeys(password: string, salt: Uint8Array): Promise<PasscodeKeys> {
  const hash = await passcodeHash(password, salt)
  const derive = (info: string) => hkdf(sha256, hash, undefined, new TextEncoder().encode(info), KEY_BYTES)
  return { key: derive(V2_INFO.key), verifier: derive(V2_INFO.verifier) }
}

/**
 * The key of a password for a `v1` sealed share (made before the verifier existed): the Argon2id
 * output itself. Only for opening such shares; new shares are `v2` ({@link passcodeKeys}).
 * @param password - the user's password.
 * @param salt - the wallet's salt (at least 16 bytes).
 * @returns the 32-byte key for {@link decryptShare}.
 * @throws {@link CryptoInputError} on an empty password or a short salt.
 */
export async function legacyPasscodeKey(password: string, salt: Uint8Array): Promise<Uint8Array> {
  return passcodeHash(password, salt)
}

async function aesKey(key: Uint8Array, use: KeyUsage): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', expectBytes(key, 'The recovery key', KEY_BYTES), 'AES-GCM', false, [use])
}

function gcm(iv: Uint8Array<ArrayBuffer>, entropyId: string): AesGcmParams {
  if (typeof entropyId !== 'string' || entropyId === '') throw new CryptoInputError('The entropyId must be a non-empty string.')
  return { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(entropyId), tagLength: 8 * TAG_BYTES }
}

/**
 * Seals a recovery share: AES-256-GCM with a random 12-byte IV and the entropyId as additional data,
 * so a sealed share opens only for the wallet it was made for.
 * @param share - the recovery share.
 * @param key - the 32-byte recovery key ({@link newRecoveryKey}, or the `key` of {@link passcodeKeys}).
 * @param entropyId - the wallet's entropyId.
 * @returns `'v2.' + base64url(iv) + '.' + base64url(ciphertext and tag)`, base64url without padding.
 * @throws {@link CryptoInputError} on an empty share, a key that is not 32 bytes or an empty entropyId.
 */
export async function encryptShare(share: Uint8Array, key: Uint8Array, entropyId: string): Promise<string> {
  const plain = expectBytes(share, 'The share')
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const params = gcm(iv, entropyId)
  const sealed = new Uint8Array(await crypto.subtle.encrypt(params, await aesKey(key, 'encrypt'), plain))
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(sealed)}`
}

/**
 * Opens a sealed recovery share of any version in {@link SEALED_SHARE_VERSIONS}; the caller derives the
 * key the version asks for.
 * @param sealed - the text {@link encryptShare} made.
 * @param key - the 32-byte recovery key.
 * @param entropyId - the wallet's entropyId.
 * @returns the share.
 * @throws {@link RecoveryKeyError} when it does not open: wrong key (wrong password), altered IV or
 * ciphertext, or another wallet's entropyId. {@link CryptoInputError} when the text is not a sealed
 * share at all (no known version, bad base64url, wrong IV size, too short), or the key is not 32 bytes.
 */
export async function decryptShare(sealed: string, key: Uint8Array, entropyId: string): Promise<Uint8Array> {
  const parts = typeof sealed === 'string' ? sealed.split('.') : []
  const notSealed = () => new CryptoInputError(`The sealed share is not in the ${SEALED_SHARE_VERSIONS.join(' or ')} format.`)
  if (parts.length !== 3 || !(SEALED_SHARE_VERSIONS as readonly string[]).includes(parts[0] as string)) throw notSealed()
  const iv = fromBase64Url(parts[1] as string, 'The sealed share’s IV')
  const data = fromBase64Url(parts[2] as string, 'The sealed share’s ciphertext')
  if (iv.length !== IV_BYTES || data.length <= TAG_BYTES) throw notSealed()
  const params = gcm(iv, entropyId)
  const aes = await aesKey(key, 'decrypt')
  try {
    return new Uint8Array(await crypto.subtle.decrypt(params, aes, data))
  } catch {
    throw new RecoveryKeyError()
  }
}
