/**
 * Schemas of the OAuth login's routes, paired with the routes of `./routes`. The server validates
 * requests with them and the tests validate responses. They live apart from the routes because
 * bundlers keep module-level schema construction: a browser bundle imports `./routes` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, OAuthTokens, User } from '../../kernel/schemas'
import { oauthRoutes } from './routes'

const REDIRECT_TO_MISSING = 'Please provide a redirect_to value.'

/** A provider name: a built-in one (`google`...) or `custom:<id>`; the handler checks it is known and enabled. */
const provider = v.pipe(v.string(), v.minLength(1), v.maxLength(100))

/** RFC 7636 verifier characters, 43–128 of them. */
const codeVerifier = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~].'),
)

const stateCode = v.pipe(v.string(), v.minLength(1, 'state_code must not be empty.'), v.maxLength(512))

/** `POST /oauth/init`: starts a round trip. `token` is a captcha token; the challenge is S256 (43 base64url chars). */
export const InitRequest = v.object(
  {
    provider,
    redirect_to: v.pipe(v.string(REDIRECT_TO_MISSING), v.minLength(1, REDIRECT_TO_MISSING), v.maxLength(2048)),
    token: v.optional(v.string()),
    code_challenge: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be an S256 challenge (43 base64url characters).')),
    ),
    state_code: v.optional(stateCode),
  },
  // A missing redirect_to gets the contract's own sentence instead of valibot's key message.
  (issue) =>
    issue.path?.[0]?.key === 'redirect_to'
      ? REDIRECT_TO_MISSING
      : `Invalid ${issue.kind === 'schema' && issue.path ? 'key' : 'type'}: Expected ${issue.expected} but received ${issue.received}`,
)

/** The init answer: the provider's authorization URL. */
export const InitResponse = v.object({ url: v.pipe(v.string(), v.url()) })

/** `POST /oauth/authenticate`: the returned `privy_oauth_code` and the client's state and PKCE verifier. */
export const AuthenticateRequest = v.object({
  authorization_code: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  state_code: stateCode,
  code_verifier: v.optional(codeVerifier),
  code_type: v.optional(v.literal('raw')),
  mode: v.optional(LoginMode),
})

/** `POST /oauth/link` (signed in): same fields as authenticate, without `mode`. */
export const LinkRequest = v.object({
  authorization_code: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  state_code: stateCode,
  code_verifier: v.optional(codeVerifier),
  code_type: v.optional(v.literal('raw')),
})

/** The link answer: the user plus the provider's tokens when it granted them. */
export const LinkResponse = v.object({ ...User.entries, oauth_tokens: v.optional(OAuthTokens) })

const MISSING_TRANSFER = 'missing account transfer inputs'

/** `POST /oauth/unlink` (signed in): the provider and the account's subject there. */
export const UnlinkRequest = v.object({ provider, subject: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) })

/**
 * `POST /oauth/transfer` (signed in), web form: the nonce of an `account_transfer_required` answer and the
 * `otherUser.oAuthUserInfo` it carried (`subject` and `provider` name the account).
 */
export const TransferRequest = v.object(
  {
    nonce: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(512)),
    userInfo: v.looseObject(
      {
        subject: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(512)),
        provider: v.optional(provider),
      },
      MISSING_TRANSFER,
    ),
  },
  // A missing key reports the object's message: the spec's text for a transfer without nonce or account.
  MISSING_TRANSFER,
)

/** The callback is a browser navigation: no body (its query holds `code`, `state` or `error`). */
export const CallbackRequest = v.object({})

/** The callback answers with a redirect, handed back to the HTTP layer as is. */
export const CallbackResponse = v.instance(Response)

/** Schemas of the OAuth login's routes (server and tests only). */
export const oauthSchemas = defineSchemas(oauthRoutes, {
  init: { request: InitRequest, response: InitResponse },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: LinkResponse },
  callback: { request: CallbackRequest, response: CallbackResponse },
  unlink: { request: UnlinkRequest, response: User },
  transfer: { request: TransferRequest, response: User },
})
