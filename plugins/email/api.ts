/**
 * Routes of the email-code login, shared by the plugin's client and server halves.
 * @module
 */
import * as v from 'valibot'
import { route, defineSchemas, type SchemaRoute } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, Success } from '../../kernel/schemas'

/** `POST /passwordless/init`: sends a code. `token` is a captcha token. */
export const InitRequest = v.object({
  email: v.pipe(v.string(), v.trim(), v.maxLength(320), v.email('Please provide a valid email address.')),
  token: v.optional(v.string()),
})

/** `POST /passwordless/authenticate`: exchanges the code for a session. */
export const AuthenticateRequest = v.object({
  email: v.pipe(v.string(), v.trim(), v.maxLength(320), v.email('Please provide a valid email address.')),
  code: v.pipe(v.string(), v.length(6, 'Verification code must have 6 digits.')),
  mode: v.optional(LoginMode),
})

/** The email plugin's routes. */
export const emailRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof Success>>('POST', '/api/v1/passwordless/init'),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/passwordless/authenticate',
    { dedupe: true },
  ),
}

/** Schemas of the email plugin's routes (server and tests only). */
export const emailSchemas = defineSchemas(emailRoutes, {
  init: { request: InitRequest, response: Success },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
})
