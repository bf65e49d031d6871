/**
 * Secrets at rest: AES-256-GCM with keys from the environment, each ciphertext tagged with the id
 * of the key that sealed it, so keys can rotate (the newest seals, every listed key opens).
 * @module
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** The prefix of every sealed value; anything else is clear text (a database from before encryption). */
export const SEALED_PREFIX = 'portico:enc:v1:'

/** A secret could not be opened: no key, a key that is not the one that sealed it, or altered data. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError'
}

/**
 * Seals and opens secret strings. `context` (an app id and a field name) is authenticated with the
 * ciphertext, so a sealed value copied into another app or field does not open.
 */
export interface SecretBox {
  /** Id of the key that seals (the first one). */
  readonly keyId: string
  /** Ids of every key that opens. */
  readonly keyIds: readonly string[]
  /**
   * Seals a value with the current key.
   * @param plain - the secret.
   * @param context - what it belongs to, e.g. `app:<id>:captchaSecretKey`.
   * @returns `portico:enc:v1:<key id>:<iv>:<ciphertext and tag>`.
   */
  seal(plain: string, context: string): string
  /**
   * Opens a sealed value; clear text (not sealed) is returned as is.
   * @param stored - a value from the database.
   * @param context - the same context it was sealed with.
   * @returns the secret.
   * @throws {@link SecretKeyError} when no listed key sealed it or it was altered.
   */
  open(stored: string, context: string): string
  /**
   * Whether a stored value is sealed with the current key (else it needs re-sealing).
   * @param stored - a value from the database.
   * @returns true when sealed with {@link SecretBox.keyId}.
   */
  isCurrent(stored: string): boolean
}

/**
 * Whether a stored value is sealed (as opposed to clear text).
 * @param stored - a value from the database.
 * @returns true when it starts with {@link SEALED_PREFIX}.
 * @example
 * ```ts
 * isSealed('portico:enc:v1:…') // true
 * ```
 */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX)
}

/**
 * A new random key, as `PORTICO_ENCRYPTION_KEY` takes it (32 bytes, base64url).
 * @returns the key.
 * @example
 * ```ts
 * console.log(generateEncryptionKey()) // e.g. 'kV3n…' (43 characters)
 * ```
 */
export function generateEncryptionKey(): string {
  return randomBytes(32).toString('base64url')
}

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('portico-secret-key-id\0').update(key).digest('hex').slice(0, 12)
}

const DEFAULT_KEY_NAME = 'PORTICO_ENCRYPTION_KEY'

function parseKey(text: string, index: number, name: string): Buffer {
  const trimmed = text.trim()
  const key = /^[A-Za-z0-9_-]{43}$/.test(trimmed) ? Buffer.from(trimmed, 'base64url') : /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : null
  if (!key || key.length !== 32) {
    const which = name === DEFAULT_KEY_NAME ? `Encryption key #${index + 1}` : `Key #${index + 1} of ${name}`
    throw new SecretKeyError(
      `${which} is not a 32-byte key (43 base64url characters or 64 hex digits). Generate one with: npx portico keys generate`,
    )
  }
  return key
}

/** Options of {@link createSecretBox}. */
export interface SecretBoxOptions {
  /**
   * The variable the keys come from, named in error messages (a box for other data than the app
   * secrets has keys of its own). @defaultValue 'PORTICO_ENCRYPTION_KEY'
   */
  name?: string
}

/**
 * Builds a {@link SecretBox} from keys, newest first.
 * @param keys - the keys (base64url or hex), or one comma-separated string like `PORTICO_ENCRYPTION_KEY`
 *   (`new,old` while rotating).
 * @param options - the keys' variable name, for error messages.
 * @returns the box.
 * @throws {@link SecretKeyError} when a key is malformed, or there is none.
 * @example
 * ```ts
 * import { createSecretBox } from 'portico/server'
 * const box = createSecretBox(process.env.PORTICO_ENCRYPTION_KEY!)
 * const sealed = box.seal('bot-token', 'app:abc:telegram.botToken')
 * box.open(sealed, 'app:abc:telegram.botToken') // 'bot-token'
 * ```
 */
export function createSecretBox(keys: string | readonly string[], options: SecretBoxOptions = {}): SecretBox {
  const name = options.name ?? DEFAULT_KEY_NAME
  const list = (typeof keys === 'string' ? keys.split(',') : [...keys]).filter((k) => k.trim() !== '')
  if (list.length === 0) throw new SecretKeyError(name === DEFAULT_KEY_NAME ? 'No encryption key given.' : `No key given for ${name}.`)
  const parsed = list.map((k, i) => parseKey(k, i, name))
  const byId = new Map(parsed.map((k) => [keyIdOf(k), k]))
  const keyIds = [...byId.keys()]
  const current = parsed[0]!
  const currentId = keyIds[0]!
  return {
    keyId: currentId,
    keyIds,
    seal(plain, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return `${SEALED_PREFIX}${currentId}:${iv.toString('base64url')}:${body.toString('base64url')}`
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored
      const [id, iv, body] = stored.slice(SEALED_PREFIX.length).split(':')
      const key = id ? byId.get(id) : undefined
      if (!key) {
        throw new SecretKeyError(
          `A secret (${context}) is sealed with key ${id}, which is not among the configured keys (${keyIds.join(', ')}). Set ${name} to the key it was sealed with (while rotating: new,old).`,
        )
      }
      try {
        const raw = Buffer.from(body ?? '', 'base64url')
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'))
        decipher.setAAD(Buffer.from(context))
        decipher.setAuthTag(raw.subarray(raw.length - 16))
        return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8')
      } catch {
        throw new SecretKeyError(`A secret (${context}) does not open with key ${id}: it was altered or belongs elsewhere.`)
      }
    },
    isCurrent: (stored) => stored.startsWith(`${SEALED_PREFIX}${currentId}:`),
  }
}
