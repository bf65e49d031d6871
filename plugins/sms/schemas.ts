/**
 * Schemas of the SMS plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them (the number's own check, "possible with US as the default region", happens in
 * the handler) and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, defineLinkedAccount, LoginMode, Success, User } from '../../kernel/schemas'
import { smsRoutes } from './api'

/** The number as the user typed it; at most 250 characters, like the input. */
const phoneNumber = v.pipe(v.string(), v.trim(), v.nonEmpty('Please provide a phone number.'), v.maxLength(250))
const code = v.pipe(v.string(), v.length(6, 'Verification code must have 6 digits.'))

/** `POST /passwordless_sms/init`: texts a code. `token` is a captcha token. */
export const SmsInitRequest = v.object({ phoneNumber, token: v.optional(v.string()) })

/** `POST /passwordless_sms/authenticate`: exchanges the code for a session. */
export const SmsAuthenticateRequest = v.object({ phoneNumber, code, mode: v.optional(LoginMode) })

/** `POST /passwordless_sms/link` (signed in): adds the number to the user. */
export const SmsLinkRequest = v.object({ phoneNumber, code })

/** `POST /passwordless_sms/unlink` (signed in): removes the number from the user. */
export const SmsUnlinkRequest = v.object({ phoneNumber })

/** `POST /passwordless_sms/update` (signed in): replaces the old number by the new one; `code` was texted to the new one. */
export const SmsUpdateRequest = v.object({
  old_phone_number: phoneNumber,
  new_phone_number: phoneNumber,
  code,
  /** A code sent to the old number; without it the session's login must be recent. */
  current_code: v.optional(code),
})

const MISSING_TRANSFER = 'missing account transfer inputs'

/** `POST /passwordless_sms/transfer` (signed in): moves the number to the user with the conflict's nonce. */
// A missing key reports the object's message: the spec's text for a transfer without nonce or account.
export const SmsTransferRequest = v.object({
  phoneNumber: v.pipe(v.string(MISSING_TRANSFER), v.trim(), v.nonEmpty(MISSING_TRANSFER), v.maxLength(250)),
  nonce: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(256)),
}, MISSING_TRANSFER)

/** Schemas of the SMS plugin's routes (server and tests only). */
export const smsSchemas = defineSchemas(smsRoutes, {
  init: { request: SmsInitRequest, response: Success },
  authenticate: { request: SmsAuthenticateRequest, response: AuthenticatedUser },
  link: { request: SmsLinkRequest, response: User },
  unlink: { request: SmsUnlinkRequest, response: User },
  update: { request: SmsUpdateRequest, response: User },
  transfer: { request: SmsTransferRequest, response: User },
})

/**
 * The SMS plugin's linked account (`type: 'phone'`), as the user object lists it: `phoneNumber` and
 * `number` are the same E.164 number (`+14155550123`).
 */
export const PhoneAccount = defineLinkedAccount('phone', { phoneNumber: v.string(), number: v.optional(v.string()) })
