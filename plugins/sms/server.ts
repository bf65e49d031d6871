/**
 * The SMS-code login, server half: texts six-digit codes and exchanges them for sessions. Numbers
 * are parsed with libphonenumber-js (US without a '+' prefix) and stored in E.164.
 * @module
 */
import { defineServerPlugin, errors, HttpError, isLoginEnabled, OTP_TTL_MS, type LinkedAccountType, type RequestContext, type ServerApp } from '../../server'
import { smsRoutes } from './api'
import { normalizePhoneNumber, type NormalizedPhone } from './number'
import { smsSchemas } from './schemas'

export { TwilioSmsSender, TwilioError, TWILIO_API_URL, type TwilioSmsSenderOptions } from './twilio'
export { normalizePhoneNumber, type NormalizedPhone } from './number'

/** The code channel name in the codes table (email uses `email`). */
const CHANNEL = 'sms'

/** Options of {@link smsServer}. */
export interface SmsServerOptions {
  /**
   * Builds the text. Keep it short (one SMS segment) and keep the code in it.
   * @defaultValue "Your <app> login code is 123456. It expires in 10 minutes."
   */
  message?: (input: { appName: string; code: string; ttlMinutes: number }) => string
}

function defaultMessage({ appName, code, ttlMinutes }: { appName: string; code: string; ttlMinutes: number }): string {
  return `Your ${appName} login code is ${code}. It expires in ${ttlMinutes} minutes.`
}

/** Checks the switch and reads the number; 400 `invalid_data` when it is not a possible number. */
function readNumber(app: ServerApp, input: string): NormalizedPhone {
  if (!isLoginEnabled(app, 'sms_auth')) throw errors.disallowedLoginMethod('SMS')
  const phone = normalizePhoneNumber(input)
  if (!phone) throw errors.invalidData('Please provide a valid phone number.')
  return phone
}

/** The account a number stands for. */
function phoneAccount(phone: NormalizedPhone) {
  return { type: 'phone', identityKey: phone.e164, details: { phoneNumber: phone.e164, number: phone.e164 } }
}

async function checkCode(ctx: RequestContext, phone: NormalizedPhone, code: string): Promise<void> {
  if (!(await ctx.otp.verify(ctx.app, CHANNEL, phone.e164, code))) throw errors.invalidCredentials()
}

/**
 * Phone numbers as linked accounts, transferable. The User object carries the E.164 number twice,
 * `phoneNumber` and `number` (published clients read either; rows stored before both held it
 * carried national digits in `number`, so both are read from the identity); the identity token
 * spells it `phone_number`.
 */
export const phoneAccountType: LinkedAccountType = {
  type: 'phone',
  toWire: ({ identityKey }) => ({ phoneNumber: identityKey, number: identityKey }),
  toIdentityToken: ({ identityKey }) => ({ phone_number: identityKey }),
}

/**
 * The SMS plugin's server half: `POST /api/v1/passwordless_sms/init`, `/authenticate`, `/link`,
 * `/unlink`, `/update` and `/transfer`.
 * Texts go through the server's `sms` sender (the dev inbox in dev mode, a {@link TwilioSmsSender}
 * in production).
 * @param options - the message template.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { smsServer } from 'portico/plugins/sms/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [smsServer()], devMode: true })
 * ```
 */
export function smsServer(options: SmsServerOptions = {}) {
  const render = options.message ?? defaultMessage
  return defineServerPlugin({
    id: 'sms',
    routes: smsRoutes,
    schemas: smsSchemas,
    loginSwitches: [{ name: 'sms_auth' }],
    accountTypes: [phoneAccountType],
    handlers: {
      async init(req, ctx) {
        const { app } = ctx
        const phone = readNumber(app, req.body.phoneNumber)
        await ctx.verifyCaptcha(req.body.token)
        const { otpPerIp, otpPerDestination } = app.settings
        // Known and unknown numbers get the same code and the same answer: nothing reveals who has an account.
        // The limits are counted by the statement that stores the code; keys of their own: texts cost
        // money and are limited apart from mail.
        const code = await ctx.otp.issue(app, CHANNEL, phone.e164, {
          limits: [
            { key: `otp:ip:${app.id}:${CHANNEL}:${ctx.ip}`, ...otpPerIp },
            { key: `otp:dest:${app.id}:${CHANNEL}:${phone.e164}`, ...otpPerDestination },
          ],
        })
        try {
          await ctx.sms.sendSms({ to: phone.e164, body: render({ appName: app.name, code, ttlMinutes: OTP_TTL_MS / 60_000 }) })
        } catch (err) {
          if (err instanceof HttpError) throw err
          // A sender that throws something else still gets a JSON answer, not a 500.
          const wrapped = new HttpError(502, undefined, 'The text message could not be sent. Please try again later.')
          wrapped.cause = err
          throw wrapped
        }
        return { success: true as const }
      },

      async authenticate(req, ctx) {
        const phone = readNumber(ctx.app, req.body.phoneNumber)
        await checkCode(ctx, phone, req.body.code)
        return ctx.signIn(phoneAccount(phone), { mode: req.body.mode, allowlistIdentities: [phone.e164] })
      },

      async link(req, ctx) {
        const phone = readNumber(ctx.app, req.body.phoneNumber)
        // Only a signed-in user may link; check before spending the code.
        await ctx.requireSession()
        await checkCode(ctx, phone, req.body.code)
        const user = await ctx.link(phoneAccount(phone), { single: true })
        return ctx.users.toWire(user)
      },

      async unlink(req, ctx) {
        const s = await ctx.requireSession()
        // An unparsable number cannot be linked to anyone: it is simply not found.
        const key = normalizePhoneNumber(req.body.phoneNumber)?.e164 ?? req.body.phoneNumber
        const user = await ctx.users.unlink(ctx.app, s.userId, { type: 'phone', identityKey: key })
        return ctx.users.toWire(user)
      },

      async update(req, ctx) {
        const next = readNumber(ctx.app, req.body.new_phone_number)
        // Changing a login identifier needs a live session; checked, like ownership, before spending the code.
        const s = await ctx.requireSession()
        const current = await ctx.users.get(ctx.app, s.userId)
        if (!current) throw errors.invalidToken()
        const phones = current.accounts.filter((a) => a.type === 'phone')
        if (phones.length === 0) throw errors.invalidData('User is required to have an phone number to update it.')
        const old = normalizePhoneNumber(req.body.old_phone_number)?.e164
        if (!old || !phones.some((a) => a.identityKey === old)) throw errors.linkedAccountNotFound()
        const owner = await ctx.db.query<{ user_id: string }>(
          "SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = 'phone' AND identity_key = $2",
          [ctx.app.id, next.e164],
        )
        if (owner[0] && owner[0].user_id !== s.userId) throw errors.linkedToAnotherUser()
        // A bearer token alone must not move the login: a code to the current number, or a recent login.
        if (req.body.current_code === undefined) {
          await ctx.requireFreshAuth()
          await checkCode(ctx, next, req.body.code)
        } else {
          // Both codes as one proof: neither is spent unless both are right; a refusal names the refused ones.
          const fields = ['current_code', 'code'] as const
          const { ok, refused } = await ctx.otp.verifyAll(ctx.app, [
            { channel: CHANNEL, destination: old, code: req.body.current_code },
            { channel: CHANNEL, destination: next.e164, code: req.body.code },
          ])
          if (!ok) throw errors.codesRefused(refused.map((at) => fields[at]!))
        }
        const user = await ctx.users.replaceAccount(ctx.app, s.userId, { type: 'phone', identityKey: old }, phoneAccount(next), ctx.now())
        // Whoever else held a session on this account loses it with the old number.
        await ctx.sessions.revokeOthers(ctx.app, s.userId, s.sessionId)
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        const phone = normalizePhoneNumber(req.body.phoneNumber)
        if (!phone) throw errors.invalidData('Please provide a valid phone number.')
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type: 'phone', identityKey: phone.e164 })
        return ctx.users.toWire(user)
      },
    },
  })
}
