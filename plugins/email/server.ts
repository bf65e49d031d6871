/**
 * The email-code login, server half: sends six-digit codes and exchanges them for sessions.
 * @module
 */
import { defineServerPlugin, errors, isLoginEnabled, OTP_TTL_MS, type CodeCheck, type LinkedAccountType, type RequestContext, type ServerApp } from '../../server'
import { emailRoutes } from './api'
import { emailSchemas } from './schemas'

/** The code channel name in the codes table (SMS uses `sms`). */
const CHANNEL = 'email'

/** Options of {@link emailServer}. */
export interface EmailServerOptions {
  /**
   * Builds the message. The code stays out of the subject, so it does not show on lock screens.
   * @defaultValue "Your login code for <app>" with the code in the body
   */
  message?: (input: { appName: string; code: string; ttlMinutes: number }) => {
    subject: string
    text: string
    html?: string
  }
}

function defaultMessage({ appName, code, ttlMinutes }: { appName: string; code: string; ttlMinutes: number }) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
  return {
    subject: `Your login code for ${appName}`,
    text:
      `Your login code for ${appName} is ${code}.\n\n` +
      `It expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.\n`,
    html:
      `<p>Your login code for ${esc(appName)} is:</p>` +
      `<p style="font-size:28px;font-weight:600;letter-spacing:4px">${code}</p>` +
      `<p>It expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.</p>`,
  }
}

function checkAddress(app: ServerApp, email: string): void {
  if (!isLoginEnabled(app, 'email_auth')) throw errors.disallowedLoginMethod('email')
  if (app.settings.disablePlusEmails && email.split('@')[0]!.includes('+')) throw errors.disallowedPlusEmail()
}

function testIdentity(app: ServerApp, email: string) {
  return app.testIdentities.find((t) => t.email === email)
}

/** The account an address stands for. */
function emailAccount(email: string) {
  return { type: 'email', identityKey: email, details: { address: email } }
}

/** Checks a code: a test identity's fixed code, or the hashed single-use one. */
async function checkCode(ctx: RequestContext, email: string, code: string): Promise<void> {
  const fixed = testIdentity(ctx.app, email)
  const ok = fixed ? fixed.code === code : await ctx.otp.verify(ctx.app, CHANNEL, email, code)
  if (!ok) throw errors.invalidCredentials()
}

/**
 * Checks the code to the current address and the code to the new one as one proof: neither is
 * spent unless both are right, so a user whose new-address code expired meanwhile keeps the other.
 * A refusal names the body fields of the refused codes (`data.refused`).
 */
async function checkCodePair(ctx: RequestContext, pair: readonly (readonly [field: string, email: string, code: string])[]): Promise<void> {
  const stored: { field: string; check: CodeCheck }[] = []
  for (const [field, email, code] of pair) {
    // A test identity's fixed code is compared here, before any stored code is touched.
    const fixed = testIdentity(ctx.app, email)
    if (fixed && fixed.code !== code) throw errors.codesRefused([field])
    if (!fixed) stored.push({ field, check: { channel: CHANNEL, destination: email, code } })
  }
  const { ok, refused } = await ctx.otp.verifyAll(ctx.app, stored.map((s) => s.check))
  if (!ok) throw errors.codesRefused(refused.map((at) => stored[at]!.field))
}

/** Email addresses as linked accounts (`{address}`, lowercased), transferable. */
export const emailAccountType: LinkedAccountType = { type: 'email' }

/**
 * The email plugin's server half: `POST /api/v1/passwordless/init`, `/authenticate`, `/link`,
 * `/unlink`, `/update` and `/transfer`.
 * @param options - the message template.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { emailServer } from 'portico/plugins/email/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [emailServer()] })
 * ```
 */
export function emailServer(options: EmailServerOptions = {}) {
  const render = options.message ?? defaultMessage
  return defineServerPlugin({
    id: 'email',
    routes: emailRoutes,
    schemas: emailSchemas,
    loginSwitches: [{ name: 'email_auth' }],
    accountTypes: [emailAccountType],
    handlers: {
      async init(req, ctx) {
        const { app } = ctx
        const email = req.body.email.toLowerCase()
        checkAddress(app, email)
        await ctx.verifyCaptcha(req.body.token)
        // Test identities have a fixed code: nothing to send, nothing to count.
        if (testIdentity(app, email)) return { success: true as const }
        const { otpPerIp, otpPerDestination } = app.settings
        // Known and unknown addresses get the same code and the same answer: nothing reveals who has an account.
        // The limits are counted by the statement that stores the code (one round trip).
        const code = await ctx.otp.issue(app, CHANNEL, email, {
          limits: [
            { key: `otp:ip:${app.id}:${ctx.ip}`, ...otpPerIp },
            { key: `otp:dest:${app.id}:${CHANNEL}:${email}`, ...otpPerDestination },
          ],
        })
        await ctx.mail.send({ to: email, ...render({ appName: app.name, code, ttlMinutes: OTP_TTL_MS / 60_000 }) })
        return { success: true as const }
      },

      async authenticate(req, ctx) {
        const email = req.body.email.toLowerCase()
        checkAddress(ctx.app, email)
        await checkCode(ctx, email, req.body.code)
        return ctx.signIn(emailAccount(email), { mode: req.body.mode })
      },

      async link(req, ctx) {
        const email = req.body.email.toLowerCase()
        checkAddress(ctx.app, email)
        // Only a signed-in user may link; check before spending the code.
        await ctx.requireSession()
        await checkCode(ctx, email, req.body.code)
        const user = await ctx.link(emailAccount(email), { single: true })
        return ctx.users.toWire(user)
      },

      async unlink(req, ctx) {
        const s = await ctx.requireSession()
        const user = await ctx.users.unlink(ctx.app, s.userId, { type: 'email', identityKey: req.body.address.toLowerCase() })
        return ctx.users.toWire(user)
      },

      async update(req, ctx) {
        const oldAddress = req.body.oldAddress.toLowerCase()
        const newAddress = req.body.newAddress.toLowerCase()
        checkAddress(ctx.app, newAddress)
        // Changing a login identifier needs a live session; checked, like ownership, before spending the codes.
        const s = await ctx.requireSession()
        const current = await ctx.users.get(ctx.app, s.userId)
        if (!current) throw errors.invalidToken()
        const emails = current.accounts.filter((a) => a.type === 'email')
        if (emails.length === 0) throw errors.invalidData('User is required to have an email address to update it.')
        if (!emails.some((a) => a.identityKey === oldAddress)) throw errors.linkedAccountNotFound()
        const owner = await ctx.db.query<{ user_id: string }>(
          "SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = 'email' AND identity_key = $2",
          [ctx.app.id, newAddress],
        )
        if (owner[0] && owner[0].user_id !== s.userId) throw errors.linkedToAnotherUser()
        // A bearer token alone must not move the login: a code to the current address, or a recent login.
        if (req.body.current_code === undefined) {
          await ctx.requireFreshAuth()
          await checkCode(ctx, newAddress, req.body.code)
        } else {
          await checkCodePair(ctx, [
            ['current_code', oldAddress, req.body.current_code],
            ['code', newAddress, req.body.code],
          ])
        }
        const user = await ctx.users.replaceAccount(ctx.app, s.userId, { type: 'email', identityKey: oldAddress }, emailAccount(newAddress), ctx.now())
        // Whoever else held a session on this account loses it with the old address.
        await ctx.sessions.revokeOthers(ctx.app, s.userId, s.sessionId)
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        const email = req.body.email.toLowerCase()
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type: 'email', identityKey: email })
        return ctx.users.toWire(user)
      },
    },
  })
}
