import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { startInstance, PAGE_ORIGIN, type Instance } from './test/instance'

/** A browser's verifier and the challenge it sends, as the client plugin makes them. */
function pair() {
  const verifier = randomBytes(36).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

let t: Instance
beforeAll(async () => {
  t = await startInstance()
})
afterAll(() => t?.close())

let n = 0
const fresh = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`

/** Asks for a link for `email`; returns the token mailed and the verifier that goes with it. */
async function sendLink(email: string, appId?: string) {
  const { verifier, challenge } = pair()
  const res = await t.call('/api/v1/magic-link/send', { email, redirect_url: `${PAGE_ORIGIN}/account?tab=1`, code_challenge: challenge }, { appId })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { token: t.latestToken(email), verifier }
}

const verify = (token: string, verifier: string, extra: Record<string, unknown> = {}) =>
  t.call('/api/v1/magic-link/verify', { token, code_verifier: verifier, ...extra })

describe('magic-link server plugin', () => {
  it('mails a link to the page that asked, and the link signs the user in with a magic_link account', async () => {
    const email = fresh('ada')
    const { token, verifier } = await sendLink(email.toUpperCase())
    const mail = t.inbox.messages(email)[0]!
    expect(mail.subject).toBe('Sign in to Magic')
    expect(mail.text).not.toContain(verifier)
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0])
    expect(link.origin + link.pathname).toBe(`${PAGE_ORIGIN}/account`)
    expect(link.searchParams.get('tab')).toBe('1')

    const res = await verify(token, verifier)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.is_new_user).toBe(true)
    expect(res.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'magic_link', address: email })])
    const claims = decodeJwt(res.body.identity_token as string)
    expect(JSON.parse(claims.linked_accounts as string)).toEqual([{ type: 'magic_link', address: email, lv: expect.any(Number) }])

    // The same address signs in to the same user next time.
    const again = await sendLink(email)
    const second = await verify(again.token, again.verifier)
    expect(second.body.is_new_user).toBe(false)
    expect(second.body.user.id).toBe(res.body.user.id)
  })

  it('stores only a hash of the token', async () => {
    const email = fresh('hash')
    const { token } = await sendLink(email)
    const rows = await t.server.db.query<{ token_hash: string }>('SELECT token_hash FROM magic_link_tokens WHERE email = $1', [email])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('lets a link sign in once: hundreds of parallel uses give one session, the rest "used"', async () => {
    const email = fresh('race')
    const { token, verifier } = await sendLink(email)
    const answers = await Promise.all(Array.from({ length: 200 }, () => verify(token, verifier)))
    const ok = answers.filter((a) => a.status === 200)
    expect(ok).toHaveLength(1)
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(401)
      expect(a.body).toMatchObject({ code: 'invalid_credentials', data: { reason: 'used' } })
    }
    const users = await t.server.db.query('SELECT user_id FROM linked_accounts WHERE type = $1 AND identity_key = $2', ['magic_link', email])
    expect(users).toHaveLength(1)
  })

  it('refuses an expired link, and a reused one, each with its reason', async () => {
    const email = fresh('expiry')
    const old = await sendLink(email)
    t.clock.advance(15 * 60_000 + 1)
    try {
      const expired = await verify(old.token, old.verifier)
      expect(expired.status).toBe(401)
      expect(expired.body).toMatchObject({ code: 'invalid_credentials', data: { reason: 'expired' } })
    } finally {
      t.clock.reset()
    }
    const { token, verifier } = await sendLink(email)
    expect((await verify(token, verifier)).status).toBe(200)
    const reused = await verify(token, verifier)
    expect(reused.status).toBe(401)
    expect(reused.body).toMatchObject({ code: 'invalid_credentials', data: { reason: 'used' }, error: 'This sign-in link was already used.' })
  })

  it('takes the link lifetime from its app setting', async () => {
    const app = await t.createApp({ magicLink: { ttlMinutes: 30 } })
    const pub = await t.call(`/api/v1/apps/${app.id}`, undefined, { appId: app.id })
    expect(pub.body).toMatchObject({ magic_link_auth: true, magic_link_ttl_minutes: 30 })
    const email = fresh('ttl')
    const { token, verifier } = await sendLink(email, app.id)
    expect(t.inbox.messages(email)[0]!.text).toContain('for 30 minutes')
    t.clock.advance(20 * 60_000)
    try {
      const res = await t.call('/api/v1/magic-link/verify', { token, code_verifier: verifier }, { appId: app.id })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    } finally {
      t.clock.reset()
    }
  })

  it('does not sign in another browser, and leaves the link usable where it was asked for', async () => {
    const email = fresh('browser')
    const { token, verifier } = await sendLink(email)
    const elsewhere = await verify(token, pair().verifier)
    expect(elsewhere.status).toBe(401)
    expect(elsewhere.body).toMatchObject({ code: 'invalid_credentials', data: { reason: 'other_browser' } })
    expect((await verify(token, verifier)).status).toBe(200)
  })

  it('keeps only the newest link of an address working', async () => {
    const email = fresh('newest')
    const first = await sendLink(email)
    const second = await sendLink(email)
    expect((await verify(first.token, first.verifier)).body).toMatchObject({ code: 'invalid_credentials', data: { reason: 'unknown' } })
    expect((await verify(second.token, second.verifier)).status).toBe(200)
  })

  it("does not spend another app's link", async () => {
    const other = await t.createApp({})
    const email = fresh('cross')
    const { token, verifier } = await sendLink(email, other.id)
    const res = await verify(token, verifier)
    expect(res.body).toMatchObject({ code: 'invalid_credentials', data: { reason: 'unknown' } })
    expect((await t.call('/api/v1/magic-link/verify', { token, code_verifier: verifier }, { appId: other.id })).status).toBe(200)
  })

  it('refuses pages outside the allowed origins, bad input, and a switched-off login, with contract codes', async () => {
    const { challenge } = pair()
    const send = (body: Record<string, unknown>, appId?: string) =>
      t.call('/api/v1/magic-link/send', { email: 'x@example.com', redirect_url: `${PAGE_ORIGIN}/`, code_challenge: challenge, ...body }, { appId })
    expect((await send({ redirect_url: 'https://evil.example/' })).body).toMatchObject({ code: 'invalid_data' })
    expect((await send({ redirect_url: 'javascript:alert(1)' })).body).toMatchObject({ code: 'invalid_data' })
    expect((await send({ email: 'not an address' })).body).toMatchObject({ code: 'invalid_data' })
    expect((await send({ code_challenge: 'short' })).body).toMatchObject({ code: 'invalid_data' })
    expect((await verify('a'.repeat(43), 'not base64url!')).body).toMatchObject({ code: 'invalid_data' })
    const off = await t.createApp({ loginMethods: [] })
    const refused = await send({}, off.id)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('disallowed_login_method')
    expect(t.inbox.messages('x@example.com')).toHaveLength(0)
  })

  it('counts sends per address: past the limit it answers 429 and mails nothing', async () => {
    const app = await t.createApp({ otpPerDestination: { limit: 2, windowMs: 60_000 } })
    const email = fresh('limit')
    await sendLink(email, app.id)
    await sendLink(email, app.id)
    const { challenge } = pair()
    const res = await t.call('/api/v1/magic-link/send', { email, redirect_url: `${PAGE_ORIGIN}/`, code_challenge: challenge }, { appId: app.id })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('too_many_requests')
    expect(t.inbox.messages(email)).toHaveLength(2)
  })
})
