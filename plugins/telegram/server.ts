/**
 * The Telegram login, server half: checks a Login Widget result or a Mini App's `initData` against
 * the app's bot token, then signs in, links or unlinks the `telegram` account.
 * @module
 */
import * as v from 'valibot'
import {
  defineServerPlugin,
  defineSetting,
  errors,
  isLoginEnabled,
  readSetting,
  type AccountInput,
  type LinkedAccountType,
  type RequestContext,
  type ServerApp,
} from '../../server'
import { telegramRoutes } from './api'
import { telegramSchemas, type TelegramAuthResult, type TelegramWebAppData } from './schemas'
import { isFreshAuthDate, verifyTelegramHash } from './verify'

/** Telegram login: the app's bot, whose token signs the Login Widget and Mini App payloads. */
export interface TelegramSettings {
  /** The bot's numeric id (the part of the token before the colon). */
  botId: string
  /** The bot's username, without '@'. */
  botName: string
  /** The bot token from BotFather; a secret, never sent to browsers. */
  botToken: string
  /** Whether signed-in users may link a Telegram account. @defaultValue true */
  linkEnabled: boolean
  /** Sign in automatically inside a Telegram Mini App (from `initData`). @defaultValue false */
  seamlessAuthEnabled: boolean
}

/**
 * `telegram`: the app's bot, or null when none is configured (Telegram login then refuses). The bot
 * token is a secret: sealed at rest, masked in the admin API. @defaultValue null
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { telegramSetting } from 'portico/plugins/telegram/server'
 * const bot = readSetting(app, telegramSetting) // null until an admin sets one
 * ```
 */
export const telegramSetting = defineSetting<(Omit<TelegramSettings, 'linkEnabled' | 'seamlessAuthEnabled'> & Partial<TelegramSettings>) | null>({
  key: 'telegram',
  schema: v.nullable(
    v.strictObject({
      botId: v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'telegram.botId is the numeric part of the bot token.')),
      botName: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{3,64}$/, 'telegram.botName is the bot username without @.')),
      botToken: v.pipe(v.string(), v.regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'telegram.botToken must look like 123456:ABC….')),
      linkEnabled: v.optional(v.boolean()),
      seamlessAuthEnabled: v.optional(v.boolean()),
    }),
  ),
  default: null,
  secrets: ['botToken'],
})

/**
 * The app's bot with its switches filled in, or null.
 * @param app - the app.
 * @returns the bot settings.
 * @example
 * ```ts
 * const bot = telegramBot(ctx.app)
 * ```
 */
export function telegramBot(app: ServerApp): TelegramSettings | null {
  const bot = readSetting(app, telegramSetting)
  return bot ? { ...bot, linkEnabled: bot.linkEnabled ?? true, seamlessAuthEnabled: bot.seamlessAuthEnabled ?? false } : null
}

/** The linked-account type (contract §4). */
export const TELEGRAM_ACCOUNT_TYPE = 'telegram'

// Route types are the wire (input) types; the schemas already turned numbers into text, and
// `String()` below keeps that true for the type checker too.
type AuthResult = v.InferInput<typeof TelegramAuthResult>
type WebAppData = v.InferInput<typeof TelegramWebAppData>

/** Every field as text (what the data-check-string signs); undefined stays absent. */
function asText<T extends object>(fields: T): Record<string, string | undefined> & { auth_date: string } {
  const out: Record<string, string | undefined> = {}
  for (const [k, val] of Object.entries(fields)) out[k] = val === undefined ? undefined : String(val)
  return out as Record<string, string | undefined> & { auth_date: string }
}

/** What a Mini App's `user` JSON carries that we keep. */
const WebAppUser = v.object({
  id: v.pipe(v.number(), v.integer()),
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  username: v.optional(v.string()),
  photo_url: v.optional(v.string()),
})

/** The app's bot, when Telegram login is switched on and a bot is configured. */
function botOf(app: ServerApp): TelegramSettings {
  const bot = telegramBot(app)
  if (!isLoginEnabled(app, 'telegram_auth') || !bot) throw errors.disallowedLoginMethod('telegram')
  return bot
}

/** Exactly one of the two payloads. */
function payloadOf(body: { telegram_auth_result?: AuthResult; telegram_web_app_data?: WebAppData }) {
  const widget = body.telegram_auth_result
  const webApp = body.telegram_web_app_data
  if (!!widget === !!webApp) {
    throw errors.invalidData('Provide exactly one of telegram_auth_result and telegram_web_app_data.')
  }
  return widget ? ({ kind: 'widget', fields: asText(widget) } as const) : ({ kind: 'web-app', fields: asText(webApp!) } as const)
}

function orNull(x: string | undefined): string | null {
  return x === undefined || x === '' ? null : x
}

/**
 * Checks the payload's hash and age and turns it into the `telegram` account.
 * @throws 401 `invalid_credentials` for a wrong hash or an `auth_date` outside the window.
 */
function verifiedAccount(ctx: RequestContext, bot: TelegramSettings, payload: ReturnType<typeof payloadOf>): AccountInput {
  const fields = payload.fields
  if (!verifyTelegramHash(payload.kind, fields, bot.botToken)) {
    throw errors.invalidCredentials('Invalid Telegram authentication data.')
  }
  if (!isFreshAuthDate(payload.fields.auth_date, ctx.now())) {
    throw errors.invalidCredentials('Telegram authentication data has expired.')
  }
  let user: { id: string; first_name?: string; last_name?: string; username?: string; photo_url?: string }
  if (payload.kind === 'widget') {
    user = { ...fields, id: fields.id ?? '' }
  } else {
    let json: unknown
    try {
      json = JSON.parse(fields.user ?? '')
    } catch {
      throw errors.invalidData('telegram_web_app_data.user is not JSON.')
    }
    const parsed = v.safeParse(WebAppUser, json)
    if (!parsed.success) throw errors.invalidData('telegram_web_app_data.user has no numeric id.')
    user = { ...parsed.output, id: String(parsed.output.id) }
  }
  return {
    type: TELEGRAM_ACCOUNT_TYPE,
    identityKey: user.id,
    details: {
      telegram_user_id: user.id,
      first_name: orNull(user.first_name),
      last_name: orNull(user.last_name),
      username: orNull(user.username),
      photo_url: orNull(user.photo_url),
    },
  }
}

/** Counts the attempt against the app's per-IP limit (a wrong hash costs a try too). */
async function countAttempt(ctx: RequestContext): Promise<void> {
  const { limit, windowMs } = ctx.app.settings.otpPerIp
  await ctx.rateLimit(`telegram:ip:${ctx.app.id}:${ctx.ip}`, limit, windowMs)
}

/** Telegram accounts (`{telegram_user_id, first_name, …}`), transferable. */
export const telegramAccountType: LinkedAccountType = { type: TELEGRAM_ACCOUNT_TYPE }

/** The bot the widget loads (public: never the token), when the app has one. */
function telegramAppResponse(app: ServerApp): Record<string, unknown> {
  const bot = telegramBot(app)
  if (!bot) return {}
  return {
    telegram_auth_config: {
      bot_id: bot.botId,
      bot_name: bot.botName,
      link_enabled: bot.linkEnabled,
      seamless_auth_enabled: bot.seamlessAuthEnabled,
    },
    telegram_seamless_auth_enabled: bot.seamlessAuthEnabled,
  }
}

/**
 * The Telegram plugin's server half: `POST /api/v1/telegram/authenticate`, `/link`, `/unlink` and `/transfer`.
 * Login Widget results are checked with HMAC-SHA256 keyed by SHA-256(bot token), Mini App `initData`
 * with the key HMAC-SHA256("WebAppData", bot token); `auth_date` must be under 24 hours old.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { telegramServer } from 'portico/plugins/telegram/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [telegramServer()] })
 * ```
 */
export function telegramServer() {
  return defineServerPlugin({
    id: 'telegram',
    routes: telegramRoutes,
    schemas: telegramSchemas,
    loginSwitches: [{ name: 'telegram_auth' }],
    settings: [telegramSetting],
    accountTypes: [telegramAccountType],
    appResponse: telegramAppResponse,
    handlers: {
      async authenticate(req, ctx) {
        const payload = payloadOf(req.body)
        const bot = botOf(ctx.app)
        await ctx.verifyCaptcha(req.body.captcha_token)
        await countAttempt(ctx)
        const account = verifiedAccount(ctx, bot, payload)
        return ctx.signIn(account, { mode: req.body.mode })
      },

      async link(req, ctx) {
        const payload = payloadOf(req.body)
        // Only a signed-in user may link; check before anything else is spent.
        await ctx.requireSession()
        const bot = botOf(ctx.app)
        if (!bot.linkEnabled) throw errors.disallowedLoginMethod('telegram (linking is disabled)')
        await countAttempt(ctx)
        const user = await ctx.link(verifiedAccount(ctx, bot, payload), { single: true })
        return ctx.users.toWire(user)
      },

      async unlink(req, ctx) {
        const session = await ctx.requireSession()
        const user = await ctx.users.unlink(ctx.app, session.userId, {
          type: TELEGRAM_ACCOUNT_TYPE,
          identityKey: String(req.body.telegram_user_id),
        })
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        const payload = payloadOf(req.body)
        await ctx.requireSession()
        const bot = botOf(ctx.app)
        await countAttempt(ctx)
        // The payload proves the caller controls the Telegram account; the nonce names the conflict.
        const account = verifiedAccount(ctx, bot, payload)
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type: TELEGRAM_ACCOUNT_TYPE, identityKey: account.identityKey })
        return ctx.users.toWire(user)
      },
    },
  })
}
