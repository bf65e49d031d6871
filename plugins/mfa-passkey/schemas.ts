/**
 * Schemas of the passkey MFA routes, paired with the routes of `./api`: the server validates
 * requests with them and the tests validate responses. The WebAuthn shapes are the passkey login's.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { Success } from '../../kernel/schemas'
import { MfaTokenResponse } from '../mfa/server'
import { PasskeyAssertion, PasskeyAuthenticationInitResponse } from '../passkey/server'
import { mfaPasskeyRoutes } from './api'

const relyingParty = v.optional(v.pipe(v.string(), v.maxLength(2048), v.url('relying_party must be a URL.')))

/** `POST /mfa/passkeys/init`: asks for an assertion of one of the user's MFA passkeys. */
export const MfaPasskeyInitRequest = v.strictObject({ relying_party: relyingParty })

/** `POST /mfa/passkeys/verify`: the assertion. */
export const MfaPasskeyVerifyRequest = v.strictObject({ authenticator_response: PasskeyAssertion, relying_party: relyingParty })

/**
 * `POST /mfa/passkeys/enrollment`: the user's passkeys to enrol in MFA (all of them: the others
 * leave it; none removes the method). `remove_for_login` is taken and has no effect: a passkey
 * enrolled in MFA stays a sign-in method.
 */
export const MfaPasskeyEnrollmentRequest = v.strictObject({
  credential_ids: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024))), v.maxLength(16)),
  remove_for_login: v.optional(v.boolean()),
})

/** The answer of `enrollment`: an empty object. */
export const MfaPasskeyEnrollmentResponse = v.strictObject({})

/** Schemas of the passkey MFA routes (server and tests only). */
export const mfaPasskeySchemas = defineSchemas(mfaPasskeyRoutes, {
  init: { request: MfaPasskeyInitRequest, response: PasskeyAuthenticationInitResponse },
  verify: { request: MfaPasskeyVerifyRequest, response: MfaTokenResponse },
  enrollment: { request: MfaPasskeyEnrollmentRequest, response: MfaPasskeyEnrollmentResponse },
  authInit: { request: MfaPasskeyInitRequest, response: PasskeyAuthenticationInitResponse },
  authVerify: { request: MfaPasskeyVerifyRequest, response: Success },
  authEnrollment: { request: MfaPasskeyEnrollmentRequest, response: MfaPasskeyEnrollmentResponse },
})
