import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { base32 } from '@scure/base'
import { decodeJwt } from 'jose'
import { createSecretBox, generateEncryptionKey } from '../../server/secrets'
import { emailServer } from '../email/server'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { createTestDb } from '../../test/support/test-db'
import { MFA_LOCKOUT_MS, MFA_MAX_ATTEMPTS, MFA_TOKEN_HEADER } from '../mfa/server'
import { matchingStep, mfaTotpServer, totpCode, TOTP_STEP_SECONDS } from './server'

const INIT = '/api/v1/mfa/totp/init'
const ENROLL = '/api/v1/mfa/totp/enroll'
const VERIFY = '/api/v1/mfa/totp/verify'
const UNENROLL = '/api/v1/mfa/totp/unenroll'

let t: TestInstance
beforeAll(async () => {
  // Secrets sealed as in production: the test reads the table to see no secret in clear.
  const db = await createTestDb({ secrets: createSecretBox(generateEncryptionKey()) })
  t = await createTestInstance({ db, plugins: [emailServer(), mfaTotpServer()] })
})
afterAll(async () => {
  await t.close()
})

let seq = 0
const step = () => Math.floor(t.clock.now() / 1000 / TOTP_STEP_SECONDS)
/** The code the user's authenticator app shows now (by the server's clock). */
const codeNow = (secret: string) => totpCode(secret, step())
const wrong = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0')

/** A signed-in user with TOTP enrolled: its token and secret. */
async function enrolled(): Promise<{ token: string; secret: string; userId: string }> {
  const auth = await t.login(`totp-${++seq}-${Date.now()}@example.com`)
  const init = await t.request(INIT, { body: {}, token: auth.token! })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  const secret = init.body.totpSecret as string
  const res = await t.request(ENROLL, { body: { code: codeNow(secret) }, token: auth.token! })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { token: auth.token!, secret, userId: auth.user.id.slice('did:privy:'.length) }
}

/** Moves the server clock to the next step, so a new code is current. */
const nextStep = () => t.clock.advance(TOTP_STEP_SECONDS * 1000)

describe('RFC 6238 test vectors (SHA-1, the last 6 of the RFC\'s 8 digits)', () => {
  // RFC 6238 appendix B: secret "12345678901234567890", T0 = 0, X = 30.
  const secret = base32.encode(new TextEncoder().encode('12345678901234567890')).replace(/=+$/, '')
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ]
  it.each(vectors)('at %i s the code is the last 6 digits of %s', (seconds, eight) => {
    expect(totpCode(secret, Math.floor(seconds / 30))).toBe(eight.slice(2))
    expect(matchingStep(secret, eight.slice(2), seconds * 1000, null)).toBe(Math.floor(seconds / 30))
  })

  it('accepts the step before and after the current one, and no other', () => {
    const at = 1111111109 * 1000
    const s = Math.floor(at / 30_000)
    expect(matchingStep(secret, totpCode(secret, s - 1), at, null)).toBe(s - 1)
    expect(matchingStep(secret, totpCode(secret, s + 1), at, null)).toBe(s + 1)
    expect(matchingStep(secret, totpCode(secret, s - 2), at, null)).toBeNull()
    expect(matchingStep(secret, totpCode(secret, s + 2), at, null)).toBeNull()
    // A step already used, or one before it, is never accepted again.
    expect(matchingStep(secret, totpCode(secret, s), at, s)).toBeNull()
    expect(matchingStep(secret, totpCode(secret, s - 1), at, s)).toBeNull()
  })
})

describe('TOTP enrolment', () => {
  it('init answers a base32 secret and its otpauth URL naming the app and the user', async () => {
    const auth = await t.login(`url-${Date.now()}@example.com`)
    const res = await t.request(INIT, { body: {}, token: auth.token! })
    expect(res.status).toBe(200)
    expect(res.body.totpSecret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(res.body.totpAuthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(decodeURIComponent(url.pathname)).toContain(`Test App:url-`)
    expect(url.searchParams.get('secret')).toBe(res.body.totpSecret)
    expect(url.searchParams.get('issuer')).toBe('Test App')
  })

  it('enrol with a right code lists totp in the User object and the identity token', async () => {
    const { token } = await enrolled()
    const me = await t.request('/api/v1/users/me', { token })
    expect(me.body.user.mfa_methods).toEqual([{ type: 'totp', verified_at: expect.any(Number) }])
    const claims = decodeJwt(me.body.identity_token as string)
    expect(JSON.parse(claims.mfa_methods as string)).toEqual(me.body.user.mfa_methods)
  })

  it('keeps the secret sealed at rest', async () => {
    const { secret, userId } = await enrolled()
    const rows = await t.db.query<{ secret: string }>('SELECT secret FROM mfa_totp WHERE user_id = $1', [userId])
    expect(rows[0]!.secret).toMatch(/^portico:enc:v1:/)
    expect(rows[0]!.secret).not.toContain(secret)
  })

  it('refuses a wrong code, an enrolment without init, and a code of letters', async () => {
    const auth = await t.login(`bad-${Date.now()}@example.com`)
    const none = await t.request(ENROLL, { body: { code: '123456' }, token: auth.token! })
    expect(none.status).toBe(400)
    const init = await t.request(INIT, { body: {}, token: auth.token! })
    const bad = await t.request(ENROLL, { body: { code: wrong(codeNow(init.body.totpSecret)) }, token: auth.token! })
    expect(bad.status).toBe(403)
    expect(bad.body).toMatchObject({ code: 'missing_or_invalid_mfa', data: { attempts_remaining: MFA_MAX_ATTEMPTS - 1 } })
    const letters = await t.request(ENROLL, { body: { code: '12a456' }, token: auth.token! })
    expect(letters.body).toMatchObject({ code: 'invalid_data', error: 'Passcode can only be numbers' })
    const short = await t.request(ENROLL, { body: { code: '12345' }, token: auth.token! })
    expect(short.body).toMatchObject({ code: 'invalid_data', error: 'Passcode must be exactly 6 numbers' })
    const me = await t.request('/api/v1/users/me', { token: auth.token! })
    expect(me.body.user.mfa_methods).toEqual([])
  })

  it('refuses every route without a session', async () => {
    for (const path of [INIT, ENROLL, VERIFY, UNENROLL]) {
      const res = await t.request(path, { body: path === ENROLL || path === VERIFY ? { code: '123456' } : {} })
      expect(res.status, path).toBe(401)
      expect(res.body.code).toBe('missing_or_invalid_token')
    }
  })
})

describe('TOTP verification', () => {
  it('a right code answers an MFA token', async () => {
    const { token, secret } = await enrolled()
    nextStep()
    const res = await t.request(VERIFY, { body: { code: codeNow(secret) }, token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a replayed code, and the enrolment code itself', async () => {
    const { token, secret } = await enrolled()
    const enrolCode = codeNow(secret)
    const replayEnrol = await t.request(VERIFY, { body: { code: enrolCode }, token })
    expect(replayEnrol.status).toBe(403)
    nextStep()
    const code = codeNow(secret)
    expect((await t.request(VERIFY, { body: { code }, token })).status).toBe(200)
    const replay = await t.request(VERIFY, { body: { code }, token })
    expect(replay.status).toBe(403)
    expect(replay.body.code).toBe('missing_or_invalid_mfa')
  })

  it('of 100 parallel verifies of one code, exactly one gets a token', async () => {
    const { token, secret } = await enrolled()
    nextStep()
    const code = codeNow(secret)
    const results = await Promise.all(Array.from({ length: 100 }, () => t.request(VERIFY, { body: { code }, token })))
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(1)
    // The others are refused as wrong or, once 4 attempts are spent, locked: never a 500.
    for (const r of results.filter((x) => x.status !== 200)) expect([403, 429]).toContain(r.status)
  })

  it('locks verification for 10 seconds after 4 attempts, then lets a right code through', async () => {
    const { token, secret } = await enrolled()
    nextStep()
    for (let i = 1; i <= MFA_MAX_ATTEMPTS; i++) {
      const res = await t.request(VERIFY, { body: { code: wrong(codeNow(secret)) }, token })
      expect(res.status).toBe(403)
      expect(res.body.data.attempts_remaining).toBe(MFA_MAX_ATTEMPTS - i)
    }
    const locked = await t.request(VERIFY, { body: { code: codeNow(secret) }, token })
    expect(locked.status).toBe(429)
    expect(locked.body).toMatchObject({ code: 'too_many_requests', data: { retry_after: 10 } })
    t.clock.advance(MFA_LOCKOUT_MS)
    nextStep()
    const after = await t.request(VERIFY, { body: { code: codeNow(secret) }, token })
    expect(after.status, JSON.stringify(after.body)).toBe(200)
  })

  it('answers missing_mfa_enrollment to a user without TOTP', async () => {
    const auth = await t.login(`none-${Date.now()}@example.com`)
    const res = await t.request(VERIFY, { body: { code: '123456' }, token: auth.token! })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('missing_mfa_enrollment')
  })

  it('mfa_auth verify checks the code and answers {success} without a token', async () => {
    const { token, secret } = await enrolled()
    nextStep()
    const res = await t.request('/api/v1/mfa_auth/totp/verify', { body: { code: codeNow(secret) }, token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
  })
})

describe('TOTP removal', () => {
  it('needs an MFA token from a prior verification, spent once', async () => {
    const { token, secret } = await enrolled()
    const without = await t.request(UNENROLL, { body: {}, token })
    expect(without.status).toBe(403)
    expect(without.body.code).toBe('missing_or_invalid_mfa')
    const forged = await t.request(UNENROLL, { body: {}, token, headers: { [MFA_TOKEN_HEADER]: 'x'.repeat(43) } })
    expect(forged.body.code).toBe('expired_or_invalid_mfa_token')
    nextStep()
    const mfa = (await t.request(VERIFY, { body: { code: codeNow(secret) }, token })).body.token as string
    const done = await t.request(UNENROLL, { body: {}, token, headers: { [MFA_TOKEN_HEADER]: mfa } })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toEqual({ success: true })
    const me = await t.request('/api/v1/users/me', { token })
    expect(me.body.user.mfa_methods).toEqual([])
    const again = await t.request(UNENROLL, { body: {}, token, headers: { [MFA_TOKEN_HEADER]: mfa } })
    expect(again.body.code).toBe('missing_mfa_enrollment')
  })
})
