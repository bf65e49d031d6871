/**
 * Schemas of the guest plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them and the tests validate responses. They live apart from the routes because
 * bundlers keep module-level schema construction: a browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser } from '../../kernel/schemas'
import { guestRoutes } from './api'

/** A guest credential: 32 random bytes in unpadded base64url, so exactly 43 characters. */
export const GuestCredential = v.pipe(
  v.string(),
  v.length(43, 'guest_credential must be 43 characters.'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'guest_credential must be base64url.'),
)

/** `POST /guest/authenticate`: the credential and nothing else (the contract's schema is strict). */
export const AuthenticateRequest = v.strictObject({ guest_credential: GuestCredential })

/** Schemas of the guest plugin's routes (server and tests only). */
export const guestSchemas = defineSchemas(guestRoutes, {
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
})
