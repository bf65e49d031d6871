import { describe, expect, it } from 'vitest'
import { resolveError } from './error-registry'
import { createHooks } from './hook-bus'
import { ApiError, PorticoError, defineErrorCodes } from './errors'
import { mergePlugins } from './registry'
import { format } from './messages'
import { definePlugin } from './plugin'

const email = definePlugin({
  id: 'email',
  kind: 'login',
  errors: {
    ...defineErrorCodes('EMAIL', { EMAIL_INVALID_CODE: { from: ['invalid_credentials'], inline: true, message: 'EMAIL_INVALID_CODE' } }),
    // A text-less entry (defineErrorCodes refuses one whose code is no message key): the server's text shows.
    EMAIL_RATE: { from: ['too_many_requests'], inline: true },
  },
  messages: { EMAIL_INVALID_CODE: 'Invalid or expired verification code' },
  loginMethods: [{ id: 'email', group: 'web2', label: { text: 'x' }, enabledBy: 'email_auth', screen: 'email/entry' }],
})
const sms = definePlugin({
  id: 'sms',
  kind: 'login',
  errors: defineErrorCodes('SMS', { SMS_INVALID_CODE: { from: ['invalid_credentials'], screen: 'sms/error' } }),
})

function setup() {
  const merged = mergePlugins([email, sms])
  const hooks = createHooks()
  const deps = {
    hooks,
    plugins: merged.plugins,
    t: (k: string, v?: Record<string, string | number>) => format(merged.messages[k] ?? k, v),
    hasMessage: (k: string) => k in merged.messages,
  }
  return { hooks, resolve: (e: unknown, ctx = {}) => resolveError(e, ctx, deps) }
}
const api = (status: number, code?: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, { error: `server says ${code}`, code, ...extra })

describe('kernel reactions to wire codes', () => {
  it.each([
    ['allowlist_rejected', 401, 'portico/allowlist', "You don't have access to this app"],
    ['max_accounts_reached', 403, 'portico/user-limit', 'Unable to sign in'],
    ['user_does_not_exist', 404, 'portico/account-not-found', 'server says user_does_not_exist'],
  ])('%s goes to its screen', (code, status, screen, message) => {
    const r = setup().resolve(api(status, code))
    expect(r.reaction.screen).toBe(screen)
    expect(r.message).toBe(message)
  })

  it('too_many_requests shows the wait text', () => {
    const r = setup().resolve(api(429, 'too_many_requests'))
    expect(r.code).toBe('PORTICO_TOO_MANY_REQUESTS')
    expect(r.message).toBe('Too many requests. Please wait before trying again.')
  })

  it('account_transfer_required goes to the link conflict only with data.nonce', () => {
    const { resolve } = setup()
    expect(resolve(api(400, 'account_transfer_required', { data: { nonce: 'n' } })).reaction.screen).toBe(
      'portico/link-conflict',
    )
    const without = resolve(api(400, 'account_transfer_required', { data: {} }))
    expect(without.reaction.screen).toBe('portico/error')
  })

  it('anything else: the generic error screen with "Try again later"', () => {
    const { resolve } = setup()
    for (const e of [api(500, 'invalid_state'), new TypeError('boom'), 'weird', api(401, undefined)]) {
      const r = resolve(e)
      expect(r.reaction.screen).toBe('portico/error')
      expect(r.message).toBe('Try again later')
    }
  })

  it('HTTP 400 and 422 show the server message', () => {
    const { resolve } = setup()
    expect(resolve(api(400, 'invalid_data')).message).toBe('server says invalid_data')
    expect(resolve(api(422, undefined)).message).toBe('server says undefined')
  })
})

describe('resolution order', () => {
  it('the login method owner\'s plugin table wins over the kernel table, only for that method', () => {
    const { resolve } = setup()
    const err = api(401, 'invalid_credentials')
    expect(resolve(err, { method: 'email' })).toMatchObject({
      code: 'EMAIL_INVALID_CODE',
      reaction: { inline: true },
      message: 'Invalid or expired verification code',
    })
    expect(resolve(err, { method: 'sms' })).toMatchObject({ code: 'SMS_INVALID_CODE', reaction: { screen: 'sms/error' } })
    expect(resolve(err).reaction.screen).toBe('portico/error')
    expect(resolve(api(429, 'too_many_requests'), { method: 'email' }).code).toBe('EMAIL_RATE')
    expect(resolve(api(429, 'too_many_requests'), { method: 'sms' }).code).toBe('PORTICO_TOO_MANY_REQUESTS')
  })

  it('mapError answers first', () => {
    const { hooks, resolve } = setup()
    hooks.mapError.tap('custom', (err, ctx) =>
      err.code === 'allowlist_rejected' && ctx.screen === 'email/code' ? { screen: 'custom/waitlist' } : undefined,
    )
    expect(resolve(api(401, 'allowlist_rejected'), { screen: 'email/code' }).reaction.screen).toBe('custom/waitlist')
    expect(resolve(api(401, 'allowlist_rejected')).reaction.screen).toBe('portico/allowlist')
  })

  it('a client error whose code is a declared table key uses that reaction', () => {
    const r = setup().resolve(new PorticoError('bad', { code: 'EMAIL_INVALID_CODE' }))
    expect(r.reaction.inline).toBe(true)
    expect(r.message).toBe('Invalid or expired verification code')
  })
})

describe('steps and fallbacks of a plugin table', () => {
  const code = definePlugin({
    id: 'code',
    kind: 'login',
    errors: defineErrorCodes('CODE', {
      CODE_BAD_ADDRESS: { from: ['invalid_data'], steps: ['send'], inline: true, message: 'CODE_BAD_ADDRESS' },
      CODE_FAILED: { steps: ['verify'], fallback: true, inline: true, message: 'CODE_FAILED' },
    }),
    messages: { CODE_BAD_ADDRESS: 'Bad address', CODE_FAILED: 'Issue verifying code' },
  })
  function resolver() {
    const merged = mergePlugins([code])
    const hooks = createHooks()
    const deps = { hooks, plugins: merged.plugins, t: (k: string) => merged.messages[k] ?? k, hasMessage: (k: string) => k in merged.messages }
    return { hooks, resolve: (e: unknown, ctx = {}) => resolveError(e, ctx, deps) }
  }

  it('behavior: an entry with steps applies only to those steps', () => {
    const { resolve } = resolver()
    expect(resolve(api(400, 'invalid_data'), { method: 'code', step: 'send' })).toMatchObject({ code: 'CODE_BAD_ADDRESS', message: 'Bad address' })
    // When verifying, the same wire code is no address problem: it falls to the verify fallback.
    expect(resolve(api(400, 'invalid_data'), { method: 'code', step: 'verify' })).toMatchObject({ code: 'CODE_FAILED', message: 'Issue verifying code' })
  })

  it('behavior: the fallback replaces only the generic error screen, only for its step and method', () => {
    const { resolve } = resolver()
    expect(resolve(new TypeError('fetch failed'), { method: 'code', step: 'verify' })).toMatchObject({ code: 'CODE_FAILED', reaction: { inline: true } })
    expect(resolve(api(401, 'allowlist_rejected'), { method: 'code', step: 'verify' }).reaction.screen).toBe('portico/allowlist')
    expect(resolve(api(429, 'too_many_requests'), { method: 'code', step: 'verify' }).code).toBe('PORTICO_TOO_MANY_REQUESTS')
    expect(resolve(new TypeError('fetch failed'), { method: 'code', step: 'send' }).reaction.screen).toBe('portico/error')
    expect(resolve(new TypeError('fetch failed'), { method: 'other', step: 'verify' }).reaction.screen).toBe('portico/error')
  })

  it('behavior: a mapError answer on the error screen is kept over the fallback', () => {
    const { hooks, resolve } = resolver()
    hooks.mapError.tap('host', () => ({ screen: 'portico/error', message: 'CODE_BAD_ADDRESS' }))
    expect(resolve(new TypeError('x'), { method: 'code', step: 'verify' })).toMatchObject({ reaction: { screen: 'portico/error' }, message: 'Bad address' })
  })

  it('behavior: reauthentication_required is shown where it happened, asking to log in again', () => {
    const { resolve } = setup()
    expect(resolve(api(403, 'reauthentication_required'), { method: 'wallet' })).toMatchObject({
      code: 'PORTICO_REAUTHENTICATION_REQUIRED',
      message: 'For your security, please log in again to make this change.',
      reaction: { inline: true },
    })
  })
})
