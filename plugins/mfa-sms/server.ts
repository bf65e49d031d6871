/**
 * `portico/plugins/mfa-sms/server`: the SMS MFA method. Codes are the server's one-time codes
 * (`ctx.otp`: six random digits stored as an HMAC, single use, expiring, locked after too many wrong
 * tries), on a channel of their own and bound to the user and the number; texts go through the
 * server's SMS sender (`ctx.sms`), the SMS login's too. Numbers are read as the SMS login reads them
 * (`normalizePhoneNumber` of `portico/plugins/sms/server`) and stored in E.164.
 * @module
 */
import {
  defineServerPlugin,
  errors,
  HttpError,
  OTP_TTL_MS,
  type Migration,
  type RequestContext,
} from '../../server'
import {
  alreadyEnrolled,
  attemptVerification,
  enrolledMethods,
  issueMfaToken,
  lockMfaUser,
  mfaServer,
  notEnrolled,
  precheckPriorVerification,
  recordEnrollment,
  removeEnrollment,
  requirePriorVerification,
} from '../mfa/server'
import { normalizePhoneNumber } from '../sms/server'
import { mfaSmsRoutes } from './api'
import { mfaSmsSchemas } from './schemas'

/** The method's id in `mfa_methods`. */
export const SMS_METHOD = 'sms'
/** The code channel in the codes table: apart from the SMS login's `sms`. */
const CHANNEL = 'mfa_sms'

/** Tables of the SMS MFA method. */
export const mfaSmsMigrations: readonly Migration[] = [
  {
    id: 'mfa-sms/0001_numbers',
    sql: `
CREATE TABLE mfa_sms (
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  PRIMARY KEY (user_id)
);`,
  },
]

/** Options of {@link mfaSmsServer}. */
export interface MfaSmsServerOptions {
  /**
   * Builds the text. Keep it short (one SMS segment) and keep the code in it.
   * @defaultValue "Your <app> verification code is 123456. It expires in 10 minutes."
   */
  message?: (input: { appName: string; code: string; ttlMinutes: number }) => string
}

const defaultMessage = ({ appName, code, ttlMinutes }: { appName: string; code: string; ttlMinutes: number }) =>
  `Your ${appName} verification code is ${code}. It expires in ${ttlMinutes} minutes.`

/** A code's destination: the user and the number, so no one else's code is ever checked against it. */
const destinationOf = (userId: string, e164: string) => `${userId}:${e164}`

function readNumber(input: string): string {
  const phone = normalizePhoneNumber(input)
  if (!phone) throw errors.invalidData('Please provide a valid phone number.')
  return phone.e164
}

async function enrolledNumber(ctx: RequestContext, userId: string): Promise<string | null> {
  const rows = await ctx.db.query<{ phone_number: string }>('SELECT phone_number FROM mfa_sms WHERE app_id = $1 AND user_id = $2', [
    ctx.app.id,
    userId,
  ])
  const enrolled = (await enrolledMethods(ctx.db, ctx.app.id, userId)).includes(SMS_METHOD)
  return enrolled ? (rows[0]?.phone_number ?? null) : null
}

/**
 * The SMS MFA method's server half: `POST /api/v1/mfa/passwordless_sms/init`, `/enroll`, `/verify`
 * and `/unenroll`. It requires the MFA core (`portico/plugins/mfa/server`); texts need the server's
 * SMS sender (`CreateServerOptions.sms`, or the dev inbox in dev mode).
 * @param options - the message template.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { mfaSmsServer } from 'portico/plugins/mfa-sms/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [mfaSmsServer()], devMode: true })
 * ```
 */
export function mfaSmsServer(options: MfaSmsServerOptions = {}) {
  const render = options.message ?? defaultMessage

  async function text(ctx: RequestContext, userId: string, e164: string): Promise<void> {
    const { app } = ctx
    const { otpPerIp, otpPerDestination } = app.settings
    const code = await ctx.otp.issue(app, CHANNEL, destinationOf(userId, e164), {
      limits: [
        { key: `otp:ip:${app.id}:${CHANNEL}:${ctx.ip}`, ...otpPerIp },
        { key: `otp:dest:${app.id}:${CHANNEL}:${e164}`, ...otpPerDestination },
        // Per user too: one account texting many numbers is held to one number's allowance.
        { key: `otp:user:${app.id}:${CHANNEL}:${userId}`, ...otpPerDestination },
      ],
    })
    try {
      await ctx.sms.sendSms({ to: e164, body: render({ appName: app.name, code, ttlMinutes: OTP_TTL_MS / 60_000 }) })
    } catch (err) {
      if (err instanceof HttpError) throw err
      const wrapped = new HttpError(502, undefined, 'The text message could not be sent. Please try again later.')
      wrapped.cause = err
      throw wrapped
    }
  }

  const codeCheck = (ctx: RequestContext, userId: string, e164: string, code: string) => () =>
    ctx.otp.verify(ctx.app, CHANNEL, destinationOf(userId, e164), code)

  return defineServerPlugin({
    id: 'mfa-sms',
    routes: mfaSmsRoutes,
    schemas: mfaSmsSchemas,
    requires: [mfaServer()],
    migrations: mfaSmsMigrations,
    handlers: {
      async init(req, ctx) {
        const { userId } = await ctx.requireSession()
        if (req.body.action === 'verify') {
          const number = await enrolledNumber(ctx, userId)
          if (!number) throw notEnrolled(SMS_METHOD)
          await text(ctx, userId, number)
        } else {
          const number = readNumber(req.body.phoneNumber)
          if (await enrolledNumber(ctx, userId)) throw alreadyEnrolled(SMS_METHOD)
          await text(ctx, userId, number)
        }
        return { success: true as const }
      },

      async enroll(req, ctx) {
        const session = await ctx.requireSession()
        const { userId } = session
        const number = readNumber(req.body.phoneNumber)
        await precheckPriorVerification(ctx, req.headers, userId)
        await attemptVerification(ctx, userId, codeCheck(ctx, userId, number, req.body.code))
        await ctx.db.transaction(async (tx) => {
          await lockMfaUser(tx, ctx, userId)
          await requirePriorVerification(tx, ctx, req.headers, session)
          await recordEnrollment(tx, ctx.app.id, userId, SMS_METHOD, ctx.now())
          await tx.query(
            `INSERT INTO mfa_sms (app_id, user_id, phone_number) VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET phone_number = EXCLUDED.phone_number`,
            [ctx.app.id, userId, number],
          )
        })
        const user = await ctx.users.get(ctx.app, userId)
        if (!user) throw errors.invalidToken()
        return ctx.users.toWire(user)
      },

      async verify(req, ctx) {
        const session = await ctx.requireSession()
        const number = await enrolledNumber(ctx, session.userId)
        if (!number) throw notEnrolled(SMS_METHOD)
        await attemptVerification(ctx, session.userId, codeCheck(ctx, session.userId, number, req.body.code))
        return { token: await issueMfaToken(ctx, session) }
      },

      async unenroll(req, ctx) {
        const session = await ctx.requireSession()
        await ctx.db.transaction(async (tx) => {
          await lockMfaUser(tx, ctx, session.userId)
          if (!(await enrolledMethods(tx, ctx.app.id, session.userId)).includes(SMS_METHOD)) throw notEnrolled(SMS_METHOD)
          await requirePriorVerification(tx, ctx, req.headers, session)
          await removeEnrollment(tx, ctx.app.id, session.userId, SMS_METHOD)
          await tx.query('DELETE FROM mfa_sms WHERE app_id = $1 AND user_id = $2', [ctx.app.id, session.userId])
        })
        return { success: true as const }
      },
    },
  })
}
