/**
 * Converts between the contract's snake_case WebAuthn JSON and the camelCase JSON of the WebAuthn
 * spec (`PublicKeyCredentialCreationOptionsJSON`...) that @simplewebauthn speaks on both halves.
 * Pure functions with type-only imports, so the browser bundle carries no library code from here.
 * @module
 */
import type { InferOutput } from 'valibot'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  AuthenticatorTransport,
} from '@simplewebauthn/browser'
import type {
  Assertion,
  Attestation,
  AuthenticationOptions,
  RegistrationOptions,
} from './schemas'

/** Registration options on the wire. */
export type WireRegistrationOptions = InferOutput<typeof RegistrationOptions>
/** Authentication options on the wire. */
export type WireAuthenticationOptions = InferOutput<typeof AuthenticationOptions>
/** A registration response on the wire. */
export type WireAttestation = InferOutput<typeof Attestation>
/** An authentication response on the wire. */
export type WireAssertion = InferOutput<typeof Assertion>

type Descriptor = { id: string; type: 'public-key'; transports?: string[] }

/** Leaves out undefined keys, so optional wire fields are absent rather than `undefined`. */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

const descriptorsIn = (list: readonly Descriptor[] | undefined) =>
  list?.map((d) => compact({ id: d.id, type: d.type, transports: d.transports as AuthenticatorTransport[] | undefined }))
const descriptorsOut = (list: readonly { id: string; transports?: readonly string[] }[] | undefined): Descriptor[] | undefined =>
  list?.map((d) => compact({ id: d.id, type: 'public-key' as const, transports: d.transports ? [...d.transports] : undefined }))

/**
 * Wire registration options → the WebAuthn JSON `create` options.
 * @param o - the init route's `options`.
 * @returns options for `startRegistration({ optionsJSON })`.
 * @example
 * ```ts
 * import { toCreationOptions } from 'portico/plugins/passkey'
 * const optionsJSON = toCreationOptions(res.options)
 * ```
 */
export function toCreationOptions(o: WireRegistrationOptions): PublicKeyCredentialCreationOptionsJSON {
  const sel = o.authenticator_selection
  return compact({
    rp: compact({ name: o.rp.name, id: o.rp.id }),
    user: { id: o.user.id, name: o.user.name, displayName: o.user.display_name },
    challenge: o.challenge,
    pubKeyCredParams: o.pub_key_cred_params.map((p) => ({ alg: p.alg, type: p.type })),
    timeout: o.timeout,
    excludeCredentials: descriptorsIn(o.exclude_credentials),
    authenticatorSelection: sel
      ? compact({
          authenticatorAttachment: sel.authenticator_attachment,
          requireResidentKey: sel.require_resident_key,
          residentKey: sel.resident_key,
          userVerification: sel.user_verification,
        })
      : undefined,
    attestation: o.attestation,
    extensions: o.extensions as PublicKeyCredentialCreationOptionsJSON['extensions'],
  })
}

/**
 * WebAuthn JSON `create` options → wire registration options.
 * @param o - options from `generateRegistrationOptions`.
 * @returns the contract's `options`.
 * @example
 * ```ts
 * import { fromCreationOptions } from 'portico/plugins/passkey'
 * const options = fromCreationOptions(await generateRegistrationOptions({ rpName, rpID, userName }))
 * ```
 */
export function fromCreationOptions(o: PublicKeyCredentialCreationOptionsJSON): WireRegistrationOptions {
  const sel = o.authenticatorSelection
  return compact({
    rp: compact({ name: o.rp.name, id: o.rp.id }),
    user: { id: o.user.id, name: o.user.name, display_name: o.user.displayName },
    challenge: o.challenge,
    pub_key_cred_params: o.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' as const })),
    timeout: o.timeout,
    exclude_credentials: descriptorsOut(o.excludeCredentials),
    authenticator_selection: sel
      ? compact({
          authenticator_attachment: sel.authenticatorAttachment,
          require_resident_key: sel.requireResidentKey,
          resident_key: sel.residentKey,
          user_verification: sel.userVerification,
        })
      : undefined,
    attestation: o.attestation,
    extensions: o.extensions as Record<string, unknown> | undefined,
  })
}

/**
 * Wire authentication options → the WebAuthn JSON `get` options.
 * @param o - the init route's `options`.
 * @returns options for `startAuthentication({ optionsJSON })`.
 * @example
 * ```ts
 * import { toRequestOptions } from 'portico/plugins/passkey'
 * const optionsJSON = toRequestOptions(res.options)
 * ```
 */
export function toRequestOptions(o: WireAuthenticationOptions): PublicKeyCredentialRequestOptionsJSON {
  return compact({
    challenge: o.challenge,
    timeout: o.timeout,
    rpId: o.rp_id,
    allowCredentials: descriptorsIn(o.allow_credentials),
    userVerification: o.user_verification,
    extensions: o.extensions as PublicKeyCredentialRequestOptionsJSON['extensions'],
  })
}

/**
 * WebAuthn JSON `get` options → wire authentication options.
 * @param o - options from `generateAuthenticationOptions`.
 * @returns the contract's `options`.
 * @example
 * ```ts
 * import { fromRequestOptions } from 'portico/plugins/passkey'
 * const options = fromRequestOptions(await generateAuthenticationOptions({ rpID }))
 * ```
 */
export function fromRequestOptions(o: PublicKeyCredentialRequestOptionsJSON): WireAuthenticationOptions {
  return compact({
    challenge: o.challenge,
    timeout: o.timeout,
    rp_id: o.rpId,
    allow_credentials: descriptorsOut(o.allowCredentials),
    user_verification: o.userVerification,
    extensions: o.extensions as Record<string, unknown> | undefined,
  })
}

type ClientOutputs = RegistrationResponseJSON['clientExtensionResults']

const extensionsOut = (e: ClientOutputs | undefined): WireAttestation['client_extension_results'] =>
  compact({
    app_id: e?.appid,
    cred_props: e?.credProps ? compact({ rk: e.credProps.rk }) : undefined,
    hmac_create_secret: e?.hmacCreateSecret,
  })
const extensionsIn = (e: WireAttestation['client_extension_results']): ClientOutputs =>
  compact({
    appid: e.app_id,
    credProps: e.cred_props ? compact({ rk: e.cred_props.rk }) : undefined,
    hmacCreateSecret: e.hmac_create_secret,
  })

/**
 * A WebAuthn JSON registration response → the wire Attestation.
 * @param r - what `startRegistration` resolved to.
 * @returns the contract's `authenticator_response`.
 * @example
 * ```ts
 * import { fromRegistrationResponse } from 'portico/plugins/passkey'
 * const authenticator_response = fromRegistrationResponse(await startRegistration({ optionsJSON }))
 * ```
 */
export function fromRegistrationResponse(r: RegistrationResponseJSON): WireAttestation {
  return compact({
    id: r.id,
    raw_id: r.rawId,
    type: 'public-key' as const,
    response: compact({
      client_data_json: r.response.clientDataJSON,
      attestation_object: r.response.attestationObject,
      authenticator_data: r.response.authenticatorData,
      transports: r.response.transports ? [...r.response.transports] : undefined,
      public_key: r.response.publicKey,
      public_key_algorithm: r.response.publicKeyAlgorithm,
    }),
    authenticator_attachment: r.authenticatorAttachment,
    client_extension_results: extensionsOut(r.clientExtensionResults),
  })
}

/**
 * The wire Attestation → a WebAuthn JSON registration response.
 * @param r - the request's `authenticator_response`.
 * @returns the response `verifyRegistrationResponse` checks.
 * @example
 * ```ts
 * import { toRegistrationResponse } from 'portico/plugins/passkey'
 * await verifyRegistrationResponse({ response: toRegistrationResponse(body.authenticator_response), ... })
 * ```
 */
export function toRegistrationResponse(r: WireAttestation): RegistrationResponseJSON {
  return compact({
    id: r.id,
    rawId: r.raw_id,
    type: r.type,
    response: compact({
      clientDataJSON: r.response.client_data_json,
      attestationObject: r.response.attestation_object,
      authenticatorData: r.response.authenticator_data,
      transports: r.response.transports as AuthenticatorTransport[] | undefined,
      publicKey: r.response.public_key,
      publicKeyAlgorithm: r.response.public_key_algorithm,
    }),
    authenticatorAttachment: r.authenticator_attachment,
    clientExtensionResults: extensionsIn(r.client_extension_results),
  })
}

/**
 * A WebAuthn JSON authentication response → the wire Assertion.
 * @param r - what `startAuthentication` resolved to.
 * @returns the contract's `authenticator_response`.
 * @example
 * ```ts
 * import { fromAuthenticationResponse } from 'portico/plugins/passkey'
 * const authenticator_response = fromAuthenticationResponse(await startAuthentication({ optionsJSON }))
 * ```
 */
export function fromAuthenticationResponse(r: AuthenticationResponseJSON): WireAssertion {
  return compact({
    id: r.id,
    raw_id: r.rawId,
    type: 'public-key' as const,
    response: compact({
      client_data_json: r.response.clientDataJSON,
      authenticator_data: r.response.authenticatorData,
      signature: r.response.signature,
      user_handle: r.response.userHandle,
    }),
    authenticator_attachment: r.authenticatorAttachment,
    client_extension_results: extensionsOut(r.clientExtensionResults),
  })
}

/**
 * The wire Assertion → a WebAuthn JSON authentication response.
 * @param r - the request's `authenticator_response`.
 * @returns the response `verifyAuthenticationResponse` checks.
 * @example
 * ```ts
 * import { toAuthenticationResponse } from 'portico/plugins/passkey'
 * await verifyAuthenticationResponse({ response: toAuthenticationResponse(body.authenticator_response), ... })
 * ```
 */
export function toAuthenticationResponse(r: WireAssertion): AuthenticationResponseJSON {
  return compact({
    id: r.id,
    rawId: r.raw_id,
    type: r.type,
    response: compact({
      clientDataJSON: r.response.client_data_json,
      authenticatorData: r.response.authenticator_data,
      signature: r.response.signature,
      userHandle: r.response.user_handle,
    }),
    authenticatorAttachment: r.authenticator_attachment,
    clientExtensionResults: extensionsIn(r.client_extension_results),
  })
}
