/**
 * Sealing the recovery share: AES-256-GCM through WebCrypto, under a 32-byte key that is either held
 * by the server (automatic recovery) or derived from the user's password with Argon2id (password
 * recovery; the server only ever sees the salt and the sealed share).
 * @module
 */
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
/** The version prefix of a sealed share; a change of cipher or layout gets a new one. */
const VERSION = 'v1'

/**
 * The password KDF: Argon2id with OWASP's minimum parameters (19 MiB of memory, 2 passes, 1 lane),
 * giving a 32-byte AES key. Sealed shares do not carry these: changing them is a new sealed-share
 * version, or every password-protected wallet stops opening.
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
  /** Output bytes: an AES-256 key. */
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
 * A fresh per-wallet salt for {@link passcodeKey}.
 * @returns 16 random bytes.
 */
export function newSalt(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SALT_BYTES))
}

/**
 * The recovery key of a password: Argon2id with {@link PASSCODE_KDF} over the password's UTF-8 bytes
 * (in Unicode NFKC form, so the same password typed on another keyboard gives the same key). Takes a
 * few hundred milliseconds and 19 MiB, yielding to the event loop while it runs. The password's rules
 * (length, characters, strength) are the client's; this takes any non-empty password.
 * @param password - the user's password.
 * @param salt - the wallet's salt (at least 16 bytes; {@link newSalt}).
 * @returns the 32-byte key for {@link encryptShare} and {@link decryptShare}.
 * @throws {@link CryptoInputError} on an empty password or a short salt.
 * @example
 * ```ts
 * import { passcodeKey, newSalt, encryptShare } from './crypto'
 * const salt = newSalt()
 * const sealed = await encryptShare(recoveryShare, await passcodeKey(password, salt), entropyId)
 * ```
 */
export async function passcodeKey(password: string, salt: Uint8Array): Promise<Uint8Array> {
  if (typeof password !== 'string' || password === '') throw new CryptoInputError('The password must be a non-empty string.')
  const bytes = expectBytes(salt, 'The salt')
  if (bytes.length < SALT_BYTES) throw new CryptoInputError(`The salt must be at least ${SALT_BYTES} bytes.`)
  const { m, t, p, dkLen } = PASSCODE_KDF
  // Loaded on first use: only password recovery needs it, so the frame's first load does not carry it.
  const { argon2idAsync } = await import('@noble/hashes/argon2.js')
  return argon2idAsync(new TextEncoder().encode(password.normalize('NFKC')), bytes, { m, t, p, dkLen })
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
 * @param key - the 32-byte recovery key ({@link newRecoveryKey} or {@link passcodeKey}).
 * @param entropyId - the wallet's entropyId.
 * @returns `'v1.' + base64url(iv) + '.' + base64url(ciphertext and tag)`, base64url without padding.
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
 * Opens a sealed recovery share.
 * @param sealed - the text {@link encryptShare} made.
 * @param key - the 32-byte recovery key.
 * @param entropyId - the wallet's entropyId.
 * @returns the share.
 * @throws {@link RecoveryKeyError} when it does not open: wrong key (wrong password), altered IV or
 * ciphertext, or another wallet's entropyId. {@link CryptoInputError} when the text is not a sealed
 * share at all (not `v1`, bad base64url, wrong IV size, too short), or the key is not 32 bytes.
 */
export async function decryptShare(sealed: string, key: Uint8Array, entropyId: string): Promise<Uint8Array> {
  const parts = typeof sealed === 'string' ? sealed.split('.') : []
  if (parts.length !== 3 || parts[0] !== VERSION) throw new CryptoInputError(`The sealed share is not in the ${VERSION} format.`)
  const iv = fromBase64Url(parts[1] as string, 'The sealed share’s IV')
  const data = fromBase64Url(parts[2] as string, 'The sealed share’s ciphertext')
  if (iv.length !== IV_BYTES || data.length <= TAG_BYTES) throw new CryptoInputError(`The sealed share is not in the ${VERSION} format.`)
  const params = gcm(iv, entropyId)
  const aes = await aesKey(key, 'decrypt')
  try {
    return new Uint8Array(await crypto.subtle.decrypt(params, aes, data))
  } catch {
    throw new RecoveryKeyError()
  }
}
