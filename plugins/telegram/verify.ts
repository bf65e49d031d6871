/**
 * Checks Telegram's signatures (server only: uses node:crypto). The Login Widget signs with
 * SHA-256(bot token) as the HMAC key; a Mini App's `initData` with HMAC-SHA256("WebAppData", bot token).
 * @module
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** How old an `auth_date` may be: a signed payload is a bearer credential, so it must not live forever. */
export const TELEGRAM_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How far ahead of the server clock an `auth_date` may be (clock skew between Telegram and us). */
export const TELEGRAM_MAX_SKEW_MS = 5 * 60 * 1000

/**
 * The data-check-string: every received field except `hash`, as `key=value`, sorted, joined by '\n'.
 * Absent (undefined) fields are left out.
 * @param fields - the payload's fields.
 * @returns the string Telegram signed.
 * @example
 * ```ts
 * dataCheckString({ id: '1', first_name: 'A', auth_date: '2', hash: 'ff' }) // 'auth_date=2\nfirst_name=A\nid=1'
 * ```
 */
export function dataCheckString(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter(([k, val]) => k !== 'hash' && val !== undefined)
    .map(([k, val]) => `${k}=${val}`)
    .sort()
    .join('\n')
}

/** Which Telegram product signed a payload. */
export type TelegramPayloadKind = 'widget' | 'web-app'

/**
 * The HMAC key of a payload kind.
 * @param kind - `widget` (Login Widget) or `web-app` (Mini App initData).
 * @param botToken - the bot's token.
 * @returns the key.
 * @example
 * ```ts
 * telegramSecret('widget', '123:abc').length // 32
 * ```
 */
export function telegramSecret(kind: TelegramPayloadKind, botToken: string): Buffer {
  return kind === 'widget'
    ? createHash('sha256').update(botToken).digest()
    : createHmac('sha256', 'WebAppData').update(botToken).digest()
}

/**
 * Whether `fields.hash` is the hex HMAC-SHA256 of the payload's data-check-string (constant-time compare).
 * @param kind - which product signed it.
 * @param fields - the payload's fields, `hash` included.
 * @param botToken - the bot's token.
 * @returns true when the hash is right.
 * @example
 * ```ts
 * verifyTelegramHash('widget', { id: '1', first_name: 'A', auth_date: '2', hash }, botToken)
 * ```
 */
export function verifyTelegramHash(
  kind: TelegramPayloadKind,
  fields: Record<string, string | undefined>,
  botToken: string,
): boolean {
  const given = Buffer.from(fields.hash ?? '', 'hex')
  const expected = createHmac('sha256', telegramSecret(kind, botToken)).update(dataCheckString(fields)).digest()
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Whether an `auth_date` (Unix seconds) is fresh: at most {@link TELEGRAM_MAX_AGE_MS} old and at
 * most {@link TELEGRAM_MAX_SKEW_MS} ahead of `nowMs`.
 * @param authDate - seconds since the epoch, as text.
 * @param nowMs - the server clock.
 * @returns true when it is inside the window.
 * @example
 * ```ts
 * isFreshAuthDate(String(Math.floor(Date.now() / 1000)), Date.now()) // true
 * ```
 */
export function isFreshAuthDate(authDate: string, nowMs: number): boolean {
  const ms = Number(authDate) * 1000
  if (!Number.isFinite(ms)) return false
  return ms >= nowMs - TELEGRAM_MAX_AGE_MS && ms <= nowMs + TELEGRAM_MAX_SKEW_MS
}
