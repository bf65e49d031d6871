/**
 * Schemas of the passkey plugin's routes, paired with the routes of `./api`: the contract's
 * snake_case versions of the WebAuthn JSON shapes. The server validates requests with them and the
 * tests validate responses. A browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, User } from '../../kernel/schemas'
import { passkeyRoutes } from './api'
import { MAX_PASSKEY_LABEL } from './accounts'

const b64url = v.pipe(v.string(), v.maxLength(16_384), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Expected base64url.'))
const short = v.pipe(v.string(), v.maxLength(256))
const origin = v.pipe(v.string(), v.maxLength(2048), v.url('relying_party must be a URL.'))

/** `POST /passkeys/{register,authenticate,link}/init`: strict, `token` is a captcha token. */
export const InitRequest = v.strictObject({ relying_party: v.optional(origin), token: v.optional(v.string()) })

const Descriptor = v.object({
  id: b64url,
  type: v.literal('public-key'),
  transports: v.optional(v.array(short)),
})

/** Registration options (`navigator.credentials.create`), snake_case. */
export const RegistrationOptions = v.object({
  rp: v.object({ name: v.string(), id: v.optional(v.string()) }),
  user: v.object({ id: b64url, name: v.string(), display_name: v.string() }),
  challenge: b64url,
  pub_key_cred_params: v.array(v.object({ alg: v.number(), type: v.literal('public-key') })),
  timeout: v.optional(v.number()),
  exclude_credentials: v.optional(v.array(Descriptor)),
  authenticator_selection: v.optional(
    v.object({
      authenticator_attachment: v.optional(v.picklist(['platform', 'cross-platform'])),
      require_resident_key: v.optional(v.boolean()),
      resident_key: v.optional(v.picklist(['discouraged', 'preferred', 'required'])),
      user_verification: v.optional(v.picklist(['discouraged', 'preferred', 'required'])),
    }),
  ),
  attestation: v.optional(v.picklist(['none', 'indirect', 'direct', 'enterprise'])),
  extensions: v.optional(v.record(v.string(), v.unknown())),
})

/** Authentication options (`navigator.credentials.get`), snake_case. */
export const AuthenticationOptions = v.object({
  challenge: b64url,
  timeout: v.optional(v.number()),
  rp_id: v.optional(v.string()),
  allow_credentials: v.optional(v.array(Descriptor)),
  user_verification: v.optional(v.picklist(['discouraged', 'preferred', 'required'])),
  extensions: v.optional(v.record(v.string(), v.unknown())),
})

/** Answer of the register and link inits. */
export const RegistrationInitResponse = v.object({ options: RegistrationOptions, relying_party: v.optional(v.string()) })
/** Answer of the authenticate init. */
export const AuthenticationInitResponse = v.object({
  options: AuthenticationOptions,
  relying_party: v.optional(v.string()),
})

const ClientExtensionResults = v.object({
  app_id: v.optional(v.boolean()),
  cred_props: v.optional(v.object({ rk: v.optional(v.boolean()) })),
  hmac_create_secret: v.optional(v.boolean()),
})

const outer = {
  id: b64url,
  raw_id: b64url,
  type: v.literal('public-key'),
  authenticator_attachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  client_extension_results: ClientExtensionResults,
}

/** A registration response (`PublicKeyCredential` from `create`), snake_case. */
export const Attestation = v.object({
  ...outer,
  response: v.object({
    client_data_json: b64url,
    attestation_object: b64url,
    authenticator_data: v.optional(b64url),
    transports: v.optional(v.array(short)),
    public_key: v.optional(b64url),
    public_key_algorithm: v.optional(v.number()),
  }),
})

/** An authentication response (`PublicKeyCredential` from `get`), snake_case. */
export const Assertion = v.object({
  ...outer,
  response: v.object({
    client_data_json: b64url,
    authenticator_data: b64url,
    signature: b64url,
    user_handle: v.optional(b64url),
  }),
})

/**
 * `POST /passkeys/register`: signs up with a new passkey. `mode` is an additive optional field:
 * `no-signup` refuses, since a new passkey always means a new user.
 */
export const RegisterRequest = v.object({
  authenticator_response: Attestation,
  relying_party: v.optional(origin),
  mode: v.optional(LoginMode),
})

/** `POST /passkeys/authenticate`: signs in with a registered passkey. */
export const AuthenticateRequest = v.object({
  authenticator_response: Assertion,
  challenge: b64url,
  relying_party: v.optional(origin),
  mode: v.optional(LoginMode),
})

/** `POST /passkeys/link` (signed in): adds a new passkey to the user. */
export const LinkRequest = v.object({ authenticator_response: Attestation, relying_party: v.optional(origin) })

/** `POST /passkeys/unlink` (signed in): removes a passkey from the user. */
export const UnlinkRequest = v.object({
  credential_id: b64url,
  remove_as_mfa: v.optional(v.boolean()),
})

/**
 * `POST /passkeys/label` (signed in): the user's own name for one of their passkeys, shown in the
 * management list ('Work laptop'); an empty label clears it. An extension of the contract: the
 * account carries it as `label`.
 */
export const LabelRequest = v.strictObject({
  credential_id: b64url,
  label: v.pipe(v.string(), v.trim(), v.maxLength(MAX_PASSKEY_LABEL, `A passkey name has at most ${MAX_PASSKEY_LABEL} characters.`)),
})

/** Schemas of the passkey plugin's routes (server and tests only). */
export const passkeySchemas = defineSchemas(passkeyRoutes, {
  registerInit: { request: InitRequest, response: RegistrationInitResponse },
  authenticateInit: { request: InitRequest, response: AuthenticationInitResponse },
  linkInit: { request: InitRequest, response: RegistrationInitResponse },
  register: { request: RegisterRequest, response: AuthenticatedUser },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
  unlink: { request: UnlinkRequest, response: User },
  label: { request: LabelRequest, response: User },
})
