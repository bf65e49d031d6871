import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { secondProcessDb } from '../test/support/test-db'
import { OTP_MAX_ATTEMPTS } from './services/otp'

const ADMIN_KEY = 'admin-key-for-tests-0123456789'
const engine = process.env.PORTICO_TEST_DATABASE_URL ? 'postgres' : 'pglite'

/** Asks until `check` holds; answers how long it took. */
async function timeUntil(check: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`not true after ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return Date.now() - start
}

describe(`two server processes on one database (${engine})`, () => {
  let a: TestInstance
  let b: TestInstance
  // Each instance creates an app of its own; every request here goes to the first one's.
  beforeAll(async () => {
    a = await createTestInstance({ adminKey: ADMIN_KEY })
    b = await createTestInstance({ db: await secondProcessDb(a.db), secret: a.secret, adminKey: ADMIN_KEY })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  const patchApp = (via: TestInstance, body: unknown) =>
    fetch(`${via.baseUrl}/admin/v1/apps/${a.appId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('settings changed through the admin API of one process apply on the other within a second', async () => {
    // Both processes have the app cached.
    expect((await a.request(`/api/v1/apps/${a.appId}`)).body.disable_plus_emails).toBe(false)
    expect((await b.request(`/api/v1/apps/${a.appId}`)).body.disable_plus_emails).toBe(false)
    expect((await patchApp(a, { settings: { disablePlusEmails: true } })).status).toBe(200)
    const took = await timeUntil(async () => (await b.request(`/api/v1/apps/${a.appId}`)).body.disable_plus_emails === true)
    expect(took).toBeLessThan(1000)
    const refused = await b.request('/api/v1/passwordless/init', { body: { email: 'ada+tag@example.com' }, appId: a.appId })
    expect(refused.status).toBe(400)
    // And back, the other way round.
    expect((await patchApp(b, { settings: { disablePlusEmails: false } })).status).toBe(200)
    expect(await timeUntil(async () => (await a.request(`/api/v1/apps/${a.appId}`)).body.disable_plus_emails === false)).toBeLessThan(1000)
  })

  it('a change written to the apps table by hand applies on both processes too', async () => {
    await a.db.query(`UPDATE apps SET name = 'Renamed by hand' WHERE id = $1`, [a.appId])
    for (const via of [a, b]) {
      expect(await timeUntil(async () => (await via.request(`/api/v1/apps/${a.appId}`)).body.name === 'Renamed by hand')).toBeLessThan(1000)
    }
  })

  it('a code sent by one process signs in on the other, whose session both accept and either refreshes once', async () => {
    const email = 'shared-session@example.com'
    expect((await a.request('/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
    const code = await a.codeFor(email)
    const login = await b.request('/api/v1/passwordless/authenticate', { body: { email, code }, appId: a.appId })
    expect(login.status).toBe(200)
    // The code is spent for both.
    expect((await a.request('/api/v1/passwordless/authenticate', { body: { email, code } })).status).toBe(401)
    expect((await a.request('/api/v1/users/me', { token: login.body.token })).body.user.id).toBe(login.body.user.id)
    const refreshes = await Promise.all(
      [a, b].map((via) =>
        via.request('/api/v1/sessions', { body: { refresh_token: login.body.refresh_token }, token: login.body.token, appId: a.appId }),
      ),
    )
    expect(refreshes.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it('counts wrong code guesses across both processes: raced through both, the code locks after the limit', async () => {
    const email = 'guessed@example.com'
    expect((await a.request('/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
    const code = await a.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? b : a).request('/api/v1/passwordless/authenticate', { body: { email, code: wrong }, appId: a.appId })),
    )
    expect(guesses.every((g) => g.status === 401 || g.status === 429)).toBe(true)
    const rows = await a.db.query<{ attempts: number }>(
      "SELECT attempts FROM otp_codes WHERE app_id = $1 AND channel = 'email' AND destination = $2",
      [a.appId, email],
    )
    expect(rows[0]!.attempts).toBe(OTP_MAX_ATTEMPTS)
    // Locked for both: the right code no longer signs in (401, or 429 once the destination's failures pass their ceiling).
    expect([401, 429]).toContain((await b.request('/api/v1/passwordless/authenticate', { body: { email, code }, appId: a.appId })).status)
  })

  it('counts code sends per destination across both processes', async () => {
    const email = 'counted@example.com'
    const statuses: number[] = []
    // The default limit is 5 per destination: alternating processes share one count.
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? b : a).request('/api/v1/passwordless/init', { body: { email }, appId: a.appId })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})
