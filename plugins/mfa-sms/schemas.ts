/**
 * Schemas of the SMS MFA routes, paired with the routes of `./api`: the server validates requests
 * with them (the number's own check happens in the handler) and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { Success, User } from '../../kernel/schemas'
import { MfaCode, MfaTokenResponse } from '../mfa/server'
import { mfaSmsRoutes } from './api'

/** The number as the user typed it; at most 250 characters, like the SMS login's. */
const phoneNumber = v.pipe(v.string(), v.trim(), v.nonEmpty('Please provide a phone number.'), v.maxLength(250))

/**
 * `POST /mfa/passwordless_sms/init`: texts a code, to the enrolled number (`verify`) or to the number
 * being enrolled (`enroll`).
 */
export const MfaSmsInitRequest = v.variant('action', [
  v.strictObject({ action: v.literal('verify') }),
  v.strictObject({ action: v.literal('enroll'), phoneNumber }),
])

/** `POST /mfa/passwordless_sms/enroll`: the code texted to the number being enrolled. */
export const MfaSmsEnrollRequest = v.strictObject({ code: MfaCode, phoneNumber })

/** `POST /mfa/passwordless_sms/verify`: the code texted to the enrolled number. */
export const MfaSmsVerifyRequest = v.strictObject({ code: MfaCode })

/** `POST /mfa/passwordless_sms/unenroll`: no fields. */
export const MfaSmsUnenrollRequest = v.strictObject({})

/** Schemas of the SMS MFA routes (server and tests only). */
export const mfaSmsSchemas = defineSchemas(mfaSmsRoutes, {
  init: { request: MfaSmsInitRequest, response: Success },
  enroll: { request: MfaSmsEnrollRequest, response: User },
  verify: { request: MfaSmsVerifyRequest, response: MfaTokenResponse },
  unenroll: { request: MfaSmsUnenrollRequest, response: Success },
})
