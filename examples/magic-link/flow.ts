/**
 * The magic-link flow in the browser, framework-free: ask for a link (keeping the verifier that binds
 * it to this browser), and sign in when the page opens with a link's token.
 * @module
 */
import { LOGIN_ABORTED_CODE, PorticoError, type PluginContext } from 'portico/kernel'
import { codeChallenge, randomCode } from 'portico/protocols/oauth'
import { magicLinkRoutes } from './api'

/** The login method id (analytics, error routing, the landing's list). */
export const METHOD = 'magic-link'
/** The query parameter that carries the token in the mailed link (the server's `MAGIC_LINK_PARAM`). */
export const TOKEN_PARAM = 'magic_link_token'
/** Where the browser keeps the pending request: its verifier, the address and the login mode. */
export const PENDING_KEY = 'magic-link:pending'
/** The screens of the flow. */
export const SCREENS = { entry: 'magic-link/entry', sent: 'magic-link/sent', verify: 'magic-link/verify', failed: 'magic-link/failed' } as const

/** What the browser keeps between asking for a link and opening it. */
interface Pending {
  verifier: string
  email: string
  mode: 'login-or-sign-up' | 'no-signup'
}

function readPending(ctx: PluginContext): Pending | null {
  try {
    const value = JSON.parse(ctx.storage.get(PENDING_KEY) ?? 'null') as Partial<Pending> | null
    return value && typeof value.verifier === 'string' && typeof value.email === 'string'
      ? { verifier: value.verifier, email: value.email, mode: value.mode === 'no-signup' ? 'no-signup' : 'login-or-sign-up' }
      : null
  } catch {
    return null
  }
}

/** A page address without the token parameter (the `URL` API leaves a bare '?' behind; removed). */
export function withoutToken(href: string): string {
  const url = new URL(href)
  url.searchParams.delete(TOKEN_PARAM)
  return url.search === '' ? url.href.replace(/\?(?=#|$)/, '') : url.href
}

/**
 * Asks the server to mail a sign-in link for this page. Runs the before-login steps first (a
 * captcha, when the app asks for one), then keeps the verifier in the kernel's storage, where a
 * tab opened from the link finds it.
 * @param ctx - the plugin's context.
 * @param email - the address.
 * @param href - the page the link opens. @defaultValue the current page
 * @returns once the server accepted the request; rejects with the server's error (or `exited_auth_flow`).
 * @example
 * ```ts
 * await sendLink(ctx, 'ada@example.com')
 * ctx.navigate('magic-link/sent', { email: 'ada@example.com' })
 * ```
 */
export async function sendLink(ctx: PluginContext, email: string, href: string = globalThis.location.href): Promise<void> {
  const start = await ctx.beginLogin({ method: METHOD })
  const verifier = randomCode()
  await ctx.api.request(magicLinkRoutes.send, {
    email,
    redirect_url: withoutToken(href),
    code_challenge: await codeChallenge(verifier),
    ...(start.token ? { token: start.token } : {}),
  })
  // Kept once the server took it: a refused request leaves the earlier link (still valid) usable.
  ctx.storage.set(PENDING_KEY, JSON.stringify({ verifier, email, mode: ctx.loginMode() } satisfies Pending))
}

/** The server's reason for refusing a link (`data.reason`), as this plugin's error code. */
const REASON_CODES: Record<string, string> = {
  expired: 'MAGIC_LINK_EXPIRED',
  used: 'MAGIC_LINK_USED',
  other_browser: 'MAGIC_LINK_OTHER_BROWSER',
  unknown: 'MAGIC_LINK_INVALID',
}

/** Gives a refused link its plugin code (the error table says what each means); other errors pass as they are. */
function withReason(err: unknown): unknown {
  const reason = (err as { data?: { reason?: unknown } } | null)?.data?.reason
  const code = typeof reason === 'string' ? REASON_CODES[reason] : undefined
  return code ? new PorticoError((err as Error).message, { code, cause: err }) : err
}

/**
 * Signs in with a link's token: shows the verifying screen, spends the token with this browser's
 * verifier, and on failure shows what the error registry answers (the failure screen, for the
 * plugin's own codes).
 * @param ctx - the plugin's context.
 * @param token - the token from the link.
 * @returns once the login succeeded or its failure is shown.
 */
export async function verifyLink(ctx: PluginContext, token: string): Promise<void> {
  ctx.navigate(SCREENS.verify, {}, { reset: true })
  try {
    // Without a pending request here, a verifier of no request still gets the server's reason (used,
    // expired, asked for in another browser) and cannot spend the link: it matches no challenge.
    const pending = readPending(ctx) ?? { verifier: randomCode(), mode: ctx.loginMode() }
    await ctx.authenticate(async () => {
      try {
        return await ctx.api.request(magicLinkRoutes.verify, { token, code_verifier: pending.verifier, mode: pending.mode })
      } catch (err) {
        throw withReason(err)
      }
    }, { method: METHOD })
    ctx.storage.remove(PENDING_KEY)
  } catch (err) {
    const resolved = ctx.resolveError(err, { step: 'verify' })
    // The user left a post-login step (declined the terms): the kernel closed the modal already.
    if (resolved.code === LOGIN_ABORTED_CODE) return
    const params = { code: resolved.code, message: resolved.message }
    ctx.navigate(resolved.reaction.screen ?? SCREENS.failed, params, { replace: true })
  }
}

/**
 * Picks up a link's token from the page address: removes it from the address bar (so a reload or a
 * shared URL does not carry it), then signs in once the kernel is ready.
 * @param ctx - the plugin's context.
 * @param win - the window. @defaultValue the global window
 * @example
 * ```ts
 * setup(ctx) { completeFromAddress(ctx) }
 * ```
 */
export function completeFromAddress(ctx: PluginContext, win: Window | undefined = globalThis.window): void {
  if (!win?.location) return
  const token = new URL(win.location.href).searchParams.get(TOKEN_PARAM)
  if (token === null) return
  win.history.replaceState(win.history.state, '', withoutToken(win.location.href))
  void ctx.ready().then(() => verifyLink(ctx, token))
}
