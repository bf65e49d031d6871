/**
 * The magic-link login, server half: mails a single-use sign-in link and exchanges it for a
 * session. Written against `portico/server` only, as a plugin published on its own would be.
 *
 * A link is good once, for `magicLink.ttlMinutes` (an app setting), and only in the browser that
 * asked for it: the browser keeps a random verifier and sends its SHA-256 (`code_challenge`) with
 * the request, the way PKCE binds an OAuth code. A link forwarded, scanned by a mail filter or
 * opened by someone else signs nobody in, and is not spent by the attempt.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import {
  defineServerPlugin,
  defineSetting,
  errors,
  HttpError,
  isLoginEnabled,
  readSetting,
  type LinkedAccountType,
  type RequestContext,
  type ServerApp,
} from 'portico/server'
import { magicLinkRoutes } from './api'
import { magicLinkSchemas } from './schemas'

/** The app switch that turns the login on (an entry of the app's `loginMethods`). */
export const MAGIC_LINK_SWITCH = 'magic_link_auth'

/** The query parameter that carries the token in the mailed link. */
export const MAGIC_LINK_PARAM = 'magic_link_token'

/** How long a spent or expired link is kept, so reusing it says "already used" rather than "unknown". */
const KEEP_SPENT_MS = 24 * 60 * 60 * 1000

/**
 * The plugin's app setting, `magicLink`: how long a link stays valid, in minutes (5 to 60).
 * Set it with `portico apps set <app> magicLink.ttlMinutes=30` or the admin API.
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * readSetting(app, magicLinkSetting).ttlMinutes // 15 until an admin sets it
 * ```
 */
export const magicLinkSetting = defineSetting({
  key: 'magicLink',
  schema: v.partial(
    v.strictObject({
      ttlMinutes: v.pipe(
        v.number(),
        v.integer('magicLink.ttlMinutes is a whole number of minutes.'),
        v.minValue(5, 'magicLink.ttlMinutes is 5 to 60.'),
        v.maxValue(60, 'magicLink.ttlMinutes is 5 to 60.'),
      ),
    }),
  ),
  default: { ttlMinutes: 15 },
  update: 'merge',
})

/**
 * The linked-account type a magic link signs in with: `{ type: 'magic_link', address }` in the User
 * object and the identity token. Kept apart from the email plugin's `email` type (each plugin owns
 * its types); not transferable, since this plugin has no link or transfer route.
 */
export const magicLinkAccountType: LinkedAccountType = {
  type: 'magic_link',
  transferable: false,
  toWire: (account) => ({ address: account.identityKey }),
  toIdentityToken: (account) => ({ address: account.identityKey }),
  transferOffer: (account) => ({ subject: account.identityKey, displayName: account.identityKey }),
}

/** Why a link was refused: sent as `data.reason` of the 401 `invalid_credentials` answer. */
export type MagicLinkFailure = 'expired' | 'used' | 'other_browser' | 'unknown'

/** Options of {@link magicLinkServer}. */
export interface MagicLinkServerOptions {
  /**
   * Builds the message. The link stays out of the subject, so it does not show on lock screens.
   * @defaultValue "Sign in to <app>" with the link in the body
   */
  message?: (input: { appName: string; link: string; ttlMinutes: number }) => { subject: string; text: string; html?: string }
}

function defaultMessage({ appName, link, ttlMinutes }: { appName: string; link: string; ttlMinutes: number }) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
  return {
    subject: `Sign in to ${appName}`,
    text:
      `Open this link to sign in to ${appName}:\n\n${link}\n\n` +
      `It works once, for ${ttlMinutes} minutes, in the browser where you asked for it. ` +
      `If you did not ask for it, you can ignore this email.\n`,
    html:
      `<p>Open this link to sign in to ${esc(appName)}:</p>` +
      `<p><a href="${esc(link)}">Sign in to ${esc(appName)}</a></p>` +
      `<p>It works once, for ${ttlMinutes} minutes, in the browser where you asked for it. ` +
      `If you did not ask for it, you can ignore this email.</p>`,
  }
}

/** SHA-256 as hex: tokens are stored hashed, so a leaked table opens no account. */
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')
/** The S256 challenge of a verifier (base64url of its SHA-256, as PKCE computes it). */
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

function requireSwitch(app: ServerApp): void {
  if (!isLoginEnabled(app, MAGIC_LINK_SWITCH)) throw errors.disallowedLoginMethod('magic_link')
}

/** The page the link opens, with the token added; only pages on the app's allowed origins. */
function linkTo(app: ServerApp, redirectUrl: string, token: string): string {
  const url = new URL(redirectUrl)
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !app.allowedOrigins.includes(url.origin)) {
    throw errors.invalidData("redirect_url is not on one of the app's allowed origins.")
  }
  url.searchParams.set(MAGIC_LINK_PARAM, token)
  return url.href
}

const FAILURE_TEXT: Record<MagicLinkFailure, string> = {
  expired: 'This sign-in link has expired.',
  used: 'This sign-in link was already used.',
  other_browser: 'This sign-in link was asked for in another browser.',
  unknown: 'This sign-in link is not valid.',
}

/** The 401 of a refused link, with the reason the client shows. */
function refused(reason: MagicLinkFailure): HttpError {
  return new HttpError(401, 'invalid_credentials', FAILURE_TEXT[reason], { reason })
}

/**
 * Spends a token in one statement: the row is locked by the UPDATE, so of concurrent requests with
 * one token exactly one gets the address. When none does, a read says why (after the fact: the
 * reason is for the message only, never for a decision).
 */
async function spend(ctx: RequestContext, token: string, verifier: string): Promise<string> {
  const hash = sha256Hex(token)
  const t = ctx.now()
  const rows = await ctx.db.query<{ email: string }>(
    `UPDATE magic_link_tokens SET used_at = $3::bigint
     WHERE token_hash = $1 AND app_id = $2 AND used_at IS NULL AND expires_at > $3::bigint AND code_challenge = $4
     RETURNING email`,
    [hash, ctx.app.id, t, challengeOf(verifier)],
  )
  if (rows[0]) return rows[0].email
  const [row] = await ctx.db.query<{ used_at: string | number | null; expires_at: string | number; code_challenge: string }>(
    'SELECT used_at, expires_at, code_challenge FROM magic_link_tokens WHERE token_hash = $1 AND app_id = $2',
    [hash, ctx.app.id],
  )
  if (!row) throw refused('unknown')
  if (row.used_at !== null) throw refused('used')
  if (Number(row.expires_at) <= t) throw refused('expired')
  throw refused('other_browser')
}

/**
 * The magic-link plugin's server half: `POST /api/v1/magic-link/send` and `/verify`, the
 * `magic_link_auth` switch, the `magicLink` setting, the `magic_link` account type and its table.
 * @param options - the message template.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { magicLinkServer } from './server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [magicLinkServer()] })
 * ```
 */
export function magicLinkServer(options: MagicLinkServerOptions = {}) {
  const render = options.message ?? defaultMessage
  return defineServerPlugin({
    id: 'magic-link',
    routes: magicLinkRoutes,
    schemas: magicLinkSchemas,
    settings: [magicLinkSetting],
    loginSwitches: [{ name: MAGIC_LINK_SWITCH }],
    accountTypes: [magicLinkAccountType],
    // The sent screen says how long the link works.
    appResponse: (app) => ({ magic_link_ttl_minutes: readSetting(app, magicLinkSetting).ttlMinutes }),
    migrations: [
      {
        id: 'magic-link/0001_tokens',
        sql: `
CREATE TABLE magic_link_tokens (
  token_hash text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  email text NOT NULL,
  code_challenge text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX magic_link_tokens_email_idx ON magic_link_tokens (app_id, email);`,
      },
    ],
    handlers: {
      async send(req, ctx) {
        const { app } = ctx
        requireSwitch(app)
        const email = req.body.email.toLowerCase()
        const token = randomBytes(32).toString('base64url')
        const link = linkTo(app, req.body.redirect_url, token)
        await ctx.verifyCaptcha(req.body.token)
        await ctx.rateLimitAll([
          { key: `magic-link:ip:${app.id}:${ctx.ip}`, ...app.settings.otpPerIp },
          { key: `magic-link:dest:${app.id}:${email}`, ...app.settings.otpPerDestination },
        ])
        const { ttlMinutes } = readSetting(app, magicLinkSetting)
        const t = ctx.now()
        // One statement: a new link replaces the address's unused ones (only the newest works), and
        // rows past their keeping time go.
        await ctx.db.query(
          `WITH gone AS (
             DELETE FROM magic_link_tokens
             WHERE app_id = $2 AND ((email = $3 AND used_at IS NULL) OR expires_at < $5::bigint - $7::bigint)
           )
           INSERT INTO magic_link_tokens (token_hash, app_id, email, code_challenge, created_at, expires_at, used_at)
           VALUES ($1, $2, $3, $4, $5::bigint, $6::bigint, NULL)`,
          [sha256Hex(token), app.id, email, req.body.code_challenge, t, t + ttlMinutes * 60_000, KEEP_SPENT_MS],
        )
        // Known and unknown addresses get the same mail and the same answer: nothing reveals who has an account.
        await ctx.mail.send({ to: email, ...render({ appName: app.name, link, ttlMinutes }) })
        return { success: true as const }
      },

      async verify(req, ctx) {
        requireSwitch(ctx.app)
        const email = await spend(ctx, req.body.token, req.body.code_verifier)
        return ctx.signIn({ type: 'magic_link', identityKey: email, details: { address: email } }, { mode: req.body.mode })
      },
    },
  })
}
