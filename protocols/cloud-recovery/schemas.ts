/**
 * Schemas of the cloud-recovery routes (`./routes`), for the server and the tests; a browser bundle
 * imports `./routes` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { recoveryOAuthRoutes } from './routes'

const REDIRECT_TO_MISSING = 'Please provide a redirect_to value.'

/** The cloud storages a recovery share's key may live in. */
export const CloudRecoveryProvider = v.picklist(['google-drive', 'icloud'])

const redirectTo = v.pipe(v.string(REDIRECT_TO_MISSING), v.minLength(1, REDIRECT_TO_MISSING), v.maxLength(2048))
const codeChallenge = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be an S256 challenge (43 base64url characters).'))
const stateCode = v.pipe(v.string(), v.minLength(1, 'state_code must not be empty.'), v.maxLength(512))

/**
 * `POST /recovery/oauth/init`: where the popup returns, the S256 challenge of the frame's verifier and
 * its state (both required: the one-time code is worthless without that verifier).
 */
export const InitRequest = v.strictObject({
  redirect_to: redirectTo,
  token: v.optional(v.string()),
  code_challenge: codeChallenge,
  state_code: stateCode,
})

/**
 * `POST /recovery/oauth/init_icloud`: the contract's `client_type`, with the same return page, challenge
 * and state as `init` (`web` only: the iOS app's callback is not served).
 */
export const InitIcloudRequest = v.strictObject({
  client_type: v.literal('web'),
  redirect_to: redirectTo,
  code_challenge: codeChallenge,
  state_code: stateCode,
})

/** The init answer: the page to open in the popup. */
export const InitResponse = v.object({ url: v.pipe(v.string(), v.url()) })

/** `POST /recovery/oauth/authenticate`: the return's one-time code, the init's state and verifier. */
export const AuthenticateRequest = v.strictObject({
  authorization_code: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  state_code: stateCode,
  code_verifier: v.pipe(v.string(), v.regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~].')),
  code_type: v.optional(v.literal('raw')),
  provider: v.optional(CloudRecoveryProvider),
})

/**
 * The storage's short-lived token (Google's OAuth access token, or CloudKit's web auth token) and the
 * base URL of the storage's API it works at.
 */
export const AuthenticateResponse = v.object({ access_token: v.string(), api_url: v.string() })

/** `POST /recovery/configuration_icloud`. */
export const ConfigurationIcloudRequest = v.strictObject({ client_type: v.literal('web') })

/** The CloudKit container the frame writes to (`api_url` is Apple's unless configured otherwise). */
export const ConfigurationIcloudResponse = v.object({
  api_token: v.string(),
  container_identifier: v.string(),
  environment: v.picklist(['development', 'production']),
  api_url: v.string(),
})

/** A popup page: no body (its query holds what the storage's sign-in returned). */
export const NavigationRequest = v.object({})

/** A popup page answers with a redirect, handed to the HTTP layer as is. */
export const NavigationResponse = v.instance(Response)

/** The schemas of {@link recoveryOAuthRoutes}. */
export const recoveryOAuthSchemas = defineSchemas(recoveryOAuthRoutes, {
  init: { request: InitRequest, response: InitResponse },
  initIcloud: { request: InitIcloudRequest, response: InitResponse },
  authenticate: { request: AuthenticateRequest, response: AuthenticateResponse },
  configurationIcloud: { request: ConfigurationIcloudRequest, response: ConfigurationIcloudResponse },
  callback: { request: NavigationRequest, response: NavigationResponse },
  startIcloud: { request: NavigationRequest, response: NavigationResponse },
  callbackIcloud: { request: NavigationRequest, response: NavigationResponse },
})
