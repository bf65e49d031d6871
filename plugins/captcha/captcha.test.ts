// @vitest-environment jsdom
/**
 * The captcha plugin's client half: its hook taps on a real kernel (against the UI harness's HTTP
 * server), and the Turnstile run against the local Turnstile stand-in's real script, in a jsdom
 * page that loads it over HTTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { JSDOM } from 'jsdom'
import { ApiError } from '../../kernel/errors'
import { email } from '../email'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { startTurnstile, TEST_SECRETS, TEST_SITE_KEYS, type TurnstileStandIn } from '../../test/fixtures/turnstile'
import { captcha, CAPTCHA_SCREEN, parseSiteKey, startChallenge, type CaptchaState, type ChallengeState } from './index'

const top = (h: Harness) => h.kernel.state.modal.stack.at(-1)
const slice = (h: Harness) => h.kernel.contextFor('captcha').state as CaptchaState
const waitFor = async (check: () => boolean, ms = 15_000) => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('parseSiteKey', () => {
  it("accepts only the 't:{key}' form", () => {
    expect(parseSiteKey('t:1x00000000000000000000AA')).toBe('1x00000000000000000000AA')
    expect(parseSiteKey('abc')).toBeNull()
    expect(parseSiteKey('t:')).toBeNull()
    expect(parseSiteKey('h:10000000-ffff')).toBeNull()
    expect(parseSiteKey(undefined)).toBeNull()
  })
})

describe('hook taps', () => {
  let h: Harness
  afterEach(() => h?.close())
  const start = (app: Record<string, unknown>) =>
    startHarness({ plugins: [email(), captcha()], app: { captcha_enabled: true, enabled_captcha_provider: 'turnstile', ...app } })

  it('behavior: an app without a captcha starts a login without a step and without a token', async () => {
    h = await startHarness({ plugins: [email(), captcha()] })
    h.kernel.openModal()
    await expect(h.kernel.contextFor('email').beginLogin({ method: 'email' })).resolves.toEqual({})
    expect(top(h)?.screen).toBe('portico/landing')
    expect(slice(h).status).toBe('disabled')
  })

  it('behavior: with a captcha, a login waits for the challenge step and sends its token exactly once', async () => {
    h = await start({ captcha_site_key: `t:${TEST_SITE_KEYS.pass}` })
    expect(slice(h).status).toBe('ready')
    h.kernel.openModal()
    const started = h.kernel.contextFor('email').beginLogin({ method: 'email' })
    await waitFor(() => top(h)?.screen === CAPTCHA_SCREEN)
    expect(top(h)?.params).toEqual({ siteKey: TEST_SITE_KEYS.pass })
    // What the challenge screen does on success.
    Object.assign(slice(h), { token: 'tok-1', tokenAt: Date.now(), status: 'success' })
    h.kernel.resolveStep('continue')
    await expect(started).resolves.toEqual({ token: 'tok-1' })
    expect(top(h)?.screen).toBe('portico/landing')
    expect(slice(h)).toMatchObject({ token: null, status: 'ready' })
    // The token is gone: the next login asks again.
    void h.kernel.contextFor('email').beginLogin({ method: 'email' }).catch(() => undefined)
    await waitFor(() => top(h)?.screen === CAPTCHA_SCREEN)
  })

  it('behavior: a token older than Turnstile accepts is not sent; the step shows again', async () => {
    h = await start({ captcha_site_key: `t:${TEST_SITE_KEYS.pass}` })
    Object.assign(slice(h), { token: 'old', tokenAt: Date.now() - 301_000, status: 'success' })
    h.kernel.openModal()
    void h.kernel.contextFor('email').beginLogin({ method: 'email' }).catch(() => undefined)
    await waitFor(() => top(h)?.screen === CAPTCHA_SCREEN)
    expect(slice(h).token).toBeNull()
  })

  it('behavior: leaving the step rejects the login with exited_auth_flow', async () => {
    h = await start({ captcha_site_key: `t:${TEST_SITE_KEYS.pass}` })
    h.kernel.openModal()
    const started = h.kernel.contextFor('email').beginLogin({ method: 'email' })
    await waitFor(() => top(h)?.screen === CAPTCHA_SCREEN)
    h.kernel.closeModal()
    await expect(started).rejects.toMatchObject({ code: 'exited_auth_flow' })
  })

  it("behavior: a site key not of the form 't:{key}' fails with 'Unsupported captcha site key' before any step", async () => {
    h = await start({ captcha_site_key: 'abc' })
    h.kernel.openModal()
    const err = await h.kernel.contextFor('email').beginLogin({ method: 'email' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'CAPTCHA_UNSUPPORTED_SITE_KEY' })
    expect(top(h)?.screen).toBe('portico/landing')
    expect(h.kernel.resolveError(err, { method: 'email' }).message).toBe('Unsupported captcha site key')
  })

  it("behavior: the server's invalid_captcha shows 'Please try again.' on the error screen and drops the token", async () => {
    h = await start({ captcha_site_key: `t:${TEST_SITE_KEYS.pass}` })
    Object.assign(slice(h), { token: 'kept', tokenAt: Date.now(), status: 'success' })
    const resolved = h.kernel.resolveError(new ApiError(401, { error: 'Captcha verification failed.', code: 'invalid_captcha' }), {
      method: 'email',
    })
    expect(resolved.reaction.screen).toBe('portico/error')
    expect(resolved.message).toBe('Please try again.')
    expect(slice(h)).toMatchObject({ token: null, status: 'ready' })
  })
})

describe('startChallenge with the Turnstile stand-in', () => {
  let turnstile: TurnstileStandIn
  let dom: JSDOM
  beforeAll(async () => {
    turnstile = await startTurnstile({ tokenTtlMs: 1500 })
  })
  afterAll(() => turnstile.close())
  afterEach(() => dom?.window.close())

  function page() {
    dom = new JSDOM('<!doctype html><html><head></head><body><div id="w"></div></body></html>', {
      url: 'http://localhost:5173/',
      runScripts: 'dangerously',
      resources: 'usable',
    })
    return dom.window.document.getElementById('w') as HTMLElement
  }

  function run(siteKey: string, scriptUrl = turnstile.scriptUrl) {
    const states: ChallengeState[] = []
    const expired: number[] = []
    const challenge = startChallenge({
      siteKey,
      container: page(),
      scriptUrl,
      onState: (s) => states.push(s),
      onExpired: () => expired.push(Date.now()),
    })
    return { states, expired, challenge }
  }

  const verify = async (token: string) =>
    (await (await fetch(turnstile.siteverifyUrl, { method: 'POST', body: new URLSearchParams({ secret: TEST_SECRETS.pass, response: token }) })).json()) as {
      success: boolean
    }

  it('default: loads the script, executes the widget and yields a token siteverify accepts', async () => {
    const { states, challenge } = run(TEST_SITE_KEYS.pass)
    await waitFor(() => states.some((s) => s.status === 'success'))
    expect(states[0]!.status).toBe('loading')
    const token = states.find((s) => s.status === 'success')!.token!
    expect(await verify(token)).toMatchObject({ success: true })
    challenge.destroy()
  })

  it('behavior: an interactive challenge reports `interactive` and succeeds once the user checks the box', async () => {
    const { states, challenge } = run(TEST_SITE_KEYS.interactive)
    await waitFor(() => states.at(-1)?.status === 'interactive')
    const box = dom.window.document.querySelector<HTMLInputElement>('#w input[type=checkbox]')!
    box.checked = true
    box.dispatchEvent(new dom.window.Event('change'))
    await waitFor(() => states.at(-1)?.status === 'success')
    challenge.destroy()
  })

  it('behavior: a token expiry resets the widget and yields a fresh token', async () => {
    const { states, expired, challenge } = run(TEST_SITE_KEYS.pass)
    await waitFor(() => states.filter((s) => s.status === 'success').length >= 2, 6000)
    expect(expired.length).toBeGreaterThanOrEqual(1)
    const [first, second] = states.filter((s) => s.status === 'success').map((s) => s.token)
    expect(first).not.toBe(second)
    challenge.destroy()
  })

  it("behavior: a blocking key reports CAPTCHA_FAILED ('You did not pass CAPTCHA') and schedules a retry", async () => {
    const { states, challenge } = run(TEST_SITE_KEYS.block)
    await waitFor(() => states.some((s) => s.status === 'error'))
    expect(states.find((s) => s.status === 'error')).toMatchObject({ error: 'CAPTCHA_FAILED', exhausted: false, retries: 0 })
    await waitFor(() => states.filter((s) => s.status === 'loading').length >= 2, 3000)
    expect(states.at(-1)).toMatchObject({ retries: 1 })
    challenge.destroy()
  })

  it('behavior: a script that cannot load reports CAPTCHA_ERROR', async () => {
    const { states, challenge } = run(TEST_SITE_KEYS.pass, `${turnstile.url}/nothing-here.js`)
    await waitFor(() => states.some((s) => s.status === 'error'))
    expect(states.find((s) => s.status === 'error')).toMatchObject({ error: 'CAPTCHA_ERROR' })
    challenge.destroy()
  })
})
