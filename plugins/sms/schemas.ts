/**
 * Schemas of the SMS plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them (the number's own check, "possible with US as the default region", happens in
 * the handler) and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, Success, User } from '../../kernel/schemas'
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

/** Schemas of the SMS plugin's routes (server and tests only). */
export const smsSchemas = defineSchemas(smsRoutes, {
  init: { request: SmsInitRequest, response: Success },
  authenticate: { request: SmsAuthenticateRequest, response: AuthenticatedUser },
  link: { request: SmsLinkRequest, response: User },
})
