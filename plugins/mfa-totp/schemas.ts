/**
 * Schemas of the authenticator-app (TOTP) MFA routes, paired with the routes of `./api`: the
 * server validates requests with them and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { Success, User } from '../../kernel/schemas'
import { MfaCode, MfaTokenResponse } from '../mfa/server'
import { mfaTotpRoutes } from './api'

/** `POST /mfa/totp/init` and `/mfa/totp/unenroll`: no fields. */
export const MfaTotpEmptyRequest = v.strictObject({})

/** `POST /mfa/totp/enroll` and `/mfa/totp/verify`: the code the authenticator app shows. */
export const MfaTotpCodeRequest = v.strictObject({ code: MfaCode })

/** The answer of `init`: the new secret (base32, for manual entry) and its `otpauth://` URL (for the QR code). */
export const MfaTotpInitResponse = v.object({
  totpSecret: v.pipe(v.string(), v.regex(/^[A-Z2-7]+$/)),
  totpAuthUrl: v.pipe(v.string(), v.startsWith('otpauth://totp/')),
})

/** Schemas of the TOTP MFA routes (server and tests only). */
export const mfaTotpSchemas = defineSchemas(mfaTotpRoutes, {
  init: { request: MfaTotpEmptyRequest, response: MfaTotpInitResponse },
  enroll: { request: MfaTotpCodeRequest, response: User },
  verify: { request: MfaTotpCodeRequest, response: MfaTokenResponse },
  unenroll: { request: MfaTotpEmptyRequest, response: Success },
  authInit: { request: MfaTotpEmptyRequest, response: MfaTotpInitResponse },
  authEnroll: { request: MfaTotpCodeRequest, response: User },
  authVerify: { request: MfaTotpCodeRequest, response: Success },
  authUnenroll: { request: MfaTotpEmptyRequest, response: Success },
})
