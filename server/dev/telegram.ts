/**
 * DEVELOPMENT STAND-IN for Telegram's Login Widget (never used in production), for `npm start`'s demo:
 * it serves a widget script (`/telegram-widget.js`) that the demo loads instead of
 * `https://telegram.org/js/telegram-widget.js`. Like the real one it defines
 * `window.Telegram.Login.auth(options, callback)` and opens a window; the stand-in's window
 * (`/telegram/login`) says plainly that it is not Telegram and signs a development user in with the
 * development bot's token, as Telegram's servers sign a widget result. The window answers its opener
 * with `postMessage` to the opener's origin; closing it answers `false`, as the real widget does.
 * @module
 */
import { createHash, createHmac } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A Login Widget user before signing. */
export interface WidgetUser {
  id: number
  first_name: string
  last_name?: string
  username?: string
  photo_url?: string
  /** Seconds since the epoch. @defaultValue now */
  auth_date?: number
}

/**
 * Telegram's data-check string: every field but `hash`, sorted, as `key=value` lines.
 * @param fields - the fields.
 * @returns the string the HMAC covers.
 * @example
 * ```ts
 * telegramCheckString({ id: 42, auth_date: 1700000000 }) // 'auth_date=1700000000\nid=42'
 * ```
 */
export function telegramCheckString(fields: Record<string, string | number | undefined>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hash' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
}

/**
 * Signs a Login Widget result as Telegram does: HMAC-SHA256 keyed by SHA-256(bot token).
 * @param botToken - the bot token.
 * @param user - the user; `auth_date` defaults to now.
 * @returns the widget's callback object, `hash` included.
 * @example
 * ```ts
 * const result = signWidgetUser('7000000001:AAH-token', { id: 42, first_name: 'Ada' })
 * ```
 */
export function signWidgetUser(botToken: string, user: WidgetUser): Required<Pick<WidgetUser, 'id' | 'first_name' | 'auth_date'>> & WidgetUser & { hash: string } {
  const fields = { ...user, auth_date: user.auth_date ?? Math.floor(Date.now() / 1000) }
  const secret = createHash('sha256').update(botToken).digest()
  const hash = createHmac('sha256', secret).update(telegramCheckString(fields)).digest('hex')
  return { ...fields, hash }
}

/** A development bot (BotFather's token format `<bot id>:<secret>`) and the user its window signs in. */
export interface TelegramDevOptions {
  bot: { botId: string; botName: string; botToken: string }
  user: WidgetUser
  /** @defaultValue 0 (any free port) */
  port?: number
}

/** A running Telegram stand-in. */
export interface TelegramStandIn {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** The widget script to load instead of Telegram's. */
  scriptUrl: string
  close(): Promise<void>
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The widget script: `Telegram.Login.auth` opens the stand-in's window and waits for its answer. */
function widgetScript(base: string): string {
  return `/* Development stand-in for Telegram's Login Widget, served by npm start (server/dev/telegram.ts). */
;(function () {
  var base = ${JSON.stringify(base)}
  window.Telegram = window.Telegram || {}
  window.Telegram.Login = {
    widgetsOrigin: base,
    auth: function (options, callback) {
      if (!options || !options.bot_id) throw new Error('Bot id required')
      var url = base + '/telegram/login?bot_id=' + encodeURIComponent(options.bot_id) + '&origin=' + encodeURIComponent(location.origin)
      var popup = window.open(url, 'telegram_dev_login', 'width=480,height=560')
      var done = false
      function finish(user) {
        if (done) return
        done = true
        window.removeEventListener('message', onMessage)
        clearInterval(closed)
        callback(user)
      }
      function onMessage(event) {
        if (event.origin !== base || event.source !== popup || !event.data || !('telegramDevAuth' in event.data)) return
        finish(event.data.telegramDevAuth || false)
      }
      window.addEventListener('message', onMessage)
      var closed = setInterval(function () { if (!popup || popup.closed) finish(false) }, 500)
    },
  }
})()
`
}

/**
 * Starts the Telegram stand-in.
 * @param options - the development bot, its user and the port.
 * @returns the running stand-in; `close()` it when done.
 * @example
 * ```ts
 * const tg = await startTelegramStandIn({ bot, user: { id: 4242, first_name: 'Dev' } })
 * telegram({ scriptUrl: tg.scriptUrl })
 * ```
 */
export async function startTelegramStandIn(options: TelegramDevOptions): Promise<TelegramStandIn> {
  let base = ''
  const page = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Log in with Telegram (development stand-in)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<p><strong>Development stand-in: this is not Telegram.</strong> <code>npm start</code> runs it so the demo can sign in without a Telegram bot.</p>
<main>${body}</main></body></html>`)
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    if (req.method === 'GET' && url.pathname === '/telegram-widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      res.end(widgetScript(base))
      return
    }
    if (req.method === 'GET' && url.pathname === '/telegram/login') {
      const origin = url.searchParams.get('origin') ?? ''
      if (url.searchParams.get('bot_id') !== options.bot.botId || !/^https?:\/\/[^/]+$/.test(origin)) {
        page(res, 400, '<h1>Unknown bot</h1><p>This stand-in signs in for its development bot only.</p>')
        return
      }
      const { user } = options
      const signed = signWidgetUser(options.bot.botToken, user)
      const name = [user.first_name, user.last_name].filter(Boolean).join(' ')
      // The answer goes to the opener's origin only (the one the script named).
      const answer = (value: unknown) => esc(`window.opener && window.opener.postMessage({ telegramDevAuth: ${JSON.stringify(value)} }, ${JSON.stringify(origin)}); window.close()`)
      page(res, 200, `<h1>Log in to ${esc(origin)} with Telegram</h1>
<p>Bot @${esc(options.bot.botName)} asks to sign you in.</p>
<button type="button" onclick="${answer(signed)}">Sign in as ${esc(name)}${user.username ? ` (@${esc(user.username)})` : ''}</button>
<button type="button" onclick="${answer(false)}">Cancel</button>`)
      return
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    scriptUrl: `${base}/telegram-widget.js`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
