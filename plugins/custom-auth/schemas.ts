/**
 * Schemas of the custom-auth plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them and the tests validate responses. They live apart from the routes because
 * bundlers keep module-level schema construction: a browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, defineLinkedAccount, LoginMode, User } from '../../kernel/schemas'
import { customAuthRoutes } from './api'

/** Longest token accepted: JWTs are small; anything bigger is refused before any parsing. */
export const MAX_TOKEN_LENGTH = 16_384

/**
 * The host app's JWT. Optional on the wire (the contract's `token?`); the handler refuses a missing
 * one with `invalid_data`.
 */
const token = v.optional(v.pipe(v.string(), v.maxLength(MAX_TOKEN_LENGTH, 'The token is too long.')))

/** `POST /custom_jwt_account/authenticate`: exchanges the host's JWT for a session. Strict: no other keys. */
export const AuthenticateRequest = v.strictObject({ token, mode: v.optional(LoginMode) })

/** `POST /custom_jwt_account/link` (signed in): adds the host's user to the session's user. Strict. */
export const LinkRequest = v.strictObject({ token })

/** Schemas of the custom-auth plugin's routes (server and tests only). */
export const customAuthSchemas = defineSchemas(customAuthRoutes, {
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
})

/** The custom-auth plugin's linked account (`type: 'custom_auth'`), as the user object lists it. */
export const CustomAuthAccount = defineLinkedAccount('custom_auth', { custom_user_id: v.string() })
