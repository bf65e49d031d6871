/**
 * Schemas of the Telegram plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them and the tests validate responses. They live apart from the routes because
 * bundlers keep module-level schema construction: a browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, User } from '../../kernel/schemas'
import { telegramRoutes } from './api'

// Telegram sends ids and dates as numbers (widget callback) or as text (redirect query, initData);
// both are accepted and kept as the decimal text, which is what the data-check-string signs.
const integerText = (what: string) =>
  v.pipe(
    v.union([v.pipe(v.number(), v.integer(), v.safeInteger()), v.pipe(v.string(), v.regex(/^-?\d{1,20}$/))], `${what} must be an integer.`),
    v.transform((x) => String(x)),
  )
const text = (max: number) => v.pipe(v.string(), v.maxLength(max))
const hexHash = v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'hash must be 64 hex characters.'))

/** What the Login Widget hands back (callback argument, or the redirect's query parameters). */
export const TelegramAuthResult = v.object({
  id: integerText('id'),
  first_name: text(256),
  auth_date: integerText('auth_date'),
  hash: hexHash,
  last_name: v.optional(text(256)),
  photo_url: v.optional(text(2048)),
  username: v.optional(text(256)),
})

/**
 * A Mini App's `initData`, field by field; `user` is the JSON text exactly as received. Fields the
 * contract does not name (`receiver`, `chat`, `can_send_after`...) are kept as text: Telegram signs them too.
 */
export const TelegramWebAppData = v.objectWithRest({
  auth_date: integerText('auth_date'),
  hash: hexHash,
  user: text(4096),
  query_id: v.optional(text(512)),
  chat_instance: v.optional(text(512)),
  chat_type: v.optional(text(64)),
  start_param: v.optional(text(512)),
  signature: v.optional(text(512)),
}, text(4096))

/** `POST /telegram/authenticate`: one of the two payloads, the captcha token and the sign-up mode. */
export const AuthenticateRequest = v.object({
  telegram_auth_result: v.optional(TelegramAuthResult),
  telegram_web_app_data: v.optional(TelegramWebAppData),
  captcha_token: v.optional(v.string()),
  mode: v.optional(LoginMode),
})

/** `POST /telegram/link` (signed in): the same payloads. */
export const LinkRequest = v.object({
  telegram_auth_result: v.optional(TelegramAuthResult),
  telegram_web_app_data: v.optional(TelegramWebAppData),
})

/** `POST /telegram/unlink` (signed in). */
export const UnlinkRequest = v.object({ telegram_user_id: integerText('telegram_user_id') })

const MISSING_TRANSFER = 'missing account transfer inputs'

/** `POST /telegram/transfer` (signed in): the nonce of `account_transfer_required` and the same payloads. */
export const TransferRequest = v.object({
  nonce: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(256)),
  telegram_auth_result: v.optional(TelegramAuthResult),
  telegram_web_app_data: v.optional(TelegramWebAppData),
})

/** Schemas of the Telegram plugin's routes (server and tests only). */
export const telegramSchemas = defineSchemas(telegramRoutes, {
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
  unlink: { request: UnlinkRequest, response: User },
  transfer: { request: TransferRequest, response: User },
})
