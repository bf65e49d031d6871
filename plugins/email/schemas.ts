/**
 * Schemas of the email plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them and the tests validate responses. They live apart from the routes because
 * bundlers keep module-level schema construction: a browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, defineLinkedAccount, LoginMode, Success, User } from '../../kernel/schemas'
import { emailRoutes } from './api'

const address = v.pipe(v.string(), v.trim(), v.maxLength(320), v.email('Please provide a valid email address.'))

/** `POST /passwordless/init`: sends a code. `token` is a captcha token. */
export const InitRequest = v.object({ email: address, token: v.optional(v.string()) })

/** `POST /passwordless/authenticate`: exchanges the code for a session. */
export const AuthenticateRequest = v.object({
  email: address,
  code: v.pipe(v.string(), v.length(6, 'Verification code must have 6 digits.')),
  mode: v.optional(LoginMode),
})

/** `POST /passwordless/link` (signed in): adds the address to the user. */
export const LinkRequest = v.object({
  email: address,
  code: v.pipe(v.string(), v.length(6, 'Verification code must have 6 digits.')),
})

/** `POST /passwordless/unlink` (signed in): removes the address from the user. */
export const UnlinkRequest = v.object({ address })

/**
 * `POST /passwordless/update` (signed in): replaces `oldAddress` by `newAddress`; `code` was sent to
 * the new one. `current_code`, a code sent to `oldAddress`, proves the change is the owner's; without
 * it the session's login must be recent (else 403 `reauthentication_required`).
 */
export const UpdateRequest = v.object({
  oldAddress: address,
  newAddress: address,
  code: v.pipe(v.string(), v.length(6, 'Verification code must have 6 digits.')),
  current_code: v.optional(v.pipe(v.string(), v.length(6, 'Verification code must have 6 digits.'))),
})

const MISSING_TRANSFER = 'missing account transfer inputs'

/** A transfer nonce from `account_transfer_required`'s `data.nonce`. */
export const TransferNonce = v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(256))

/** `POST /passwordless/transfer` (signed in): moves the address to the user; answers the User. */
// A missing key reports the object's message: the spec's text for a transfer without nonce or account.
export const TransferRequest = v.object({
  email: v.pipe(v.string(MISSING_TRANSFER), v.trim(), v.maxLength(320), v.email('Please provide a valid email address.')),
  nonce: TransferNonce,
}, MISSING_TRANSFER)

/** Schemas of the email plugin's routes (server and tests only). */
export const emailSchemas = defineSchemas(emailRoutes, {
  init: { request: InitRequest, response: Success },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
  unlink: { request: UnlinkRequest, response: User },
  update: { request: UpdateRequest, response: User },
  transfer: { request: TransferRequest, response: User },
})

/** The email plugin's linked account (`type: 'email'`), as the user object lists it. */
export const EmailAccount = defineLinkedAccount('email', { address: v.string() })
