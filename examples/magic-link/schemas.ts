/**
 * Schemas of the magic-link routes, paired with the routes of `./api`. The server validates requests
 * with them; a browser bundle imports `./api` only, so no validation code reaches it.
 * @module
 */
import * as v from 'valibot'
import { magicLinkRoutes } from './api'
import { AuthenticatedUser, defineLinkedAccount, LoginMode, Success } from 'portico/kernel/schemas'
import { defineSchemas } from 'portico/kernel'

const address = v.pipe(v.string(), v.trim(), v.maxLength(320), v.email('Please provide a valid email address.'))
/** A base64url value of 43 to 128 characters (a PKCE-style verifier or challenge, a link token). */
const base64url = (name: string) =>
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,128}$/, `${name} must be 43 to 128 base64url characters.`))

/**
 * `POST /api/v1/magic-link/send`: mails a sign-in link to `email`. `redirect_url` is the page the
 * link opens (its origin must be one of the app's allowed origins); `code_challenge` is the
 * base64url SHA-256 of a verifier that stays in the asking browser; `token` is a captcha token.
 */
export const SendRequest = v.object({
  email: address,
  redirect_url: v.pipe(v.string(), v.maxLength(2048), v.url('redirect_url must be an absolute URL.')),
  code_challenge: base64url('code_challenge'),
  token: v.optional(v.string()),
})

/** `POST /api/v1/magic-link/verify`: exchanges the link's token and the browser's verifier for a session. */
export const VerifyRequest = v.object({
  token: base64url('token'),
  code_verifier: base64url('code_verifier'),
  mode: v.optional(LoginMode),
})

/** The linked account a magic link signs in with: `{ type: 'magic_link', address }`. */
export const MagicLinkAccount = defineLinkedAccount('magic_link', { address: v.string() })

/** Schemas of the magic-link routes (server and tests only). */
export const magicLinkSchemas = defineSchemas(magicLinkRoutes, {
  send: { request: SendRequest, response: Success },
  verify: { request: VerifyRequest, response: AuthenticatedUser },
})
