import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { request as httpRequest } from 'node:http'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { createServer } from '../server'
import { emailServer } from '../../plugins/email/server'
import { SmtpSender } from '../mail'
import { reopenTestDb } from '../../test/support/test-db'
import type { Db } from '../storage/db'
import { OTP_FAILURE_WINDOW_MS, OTP_MAX_ATTEMPTS, OTP_MAX_FAILURES } from './otp'

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
const wrongCodeFor = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0')

describe('one-time codes under parallel guessing', () => {
  let t: TestInstance
  // A second server on the same database (its own pool on PostgreSQL), as a second process would be.
  let second: { baseUrl: string; close: () => Promise<void> }

  beforeAll(async () => {
    t = await createTestInstance({
      app: { settings: { otpPerIp: { limit: 10_000, windowMs: 60_000 }, otpPerDestination: { limit: 10_000, windowMs: 60_000 } } },
    })
    const reopened = await reopenTestDb(t.db)
    const db: Db = reopened ?? t.db
    const server = await createServer({
      db,
      mail: new SmtpSender({ url: t.smtp.url, from: 'Portico Test <no-reply@portico.test>' }),
      secret: t.secret,
      plugins: [emailServer()],
      clock: t.clock,
      migrate: false,
    })
    const http: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    second = {
      baseUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      async close() {
        await new Promise<void>((resolve) => {
          http.close(() => resolve())
          ;(http as { closeIdleConnections?: () => void }).closeIdleConnections?.()
        })
        await reopened?.close()
      },
    }
  }, 60_000)
  afterAll(async () => {
    await second.close()
    await t.close()
  })

  /**
   * One authenticate call to either server, alternating, as a load balancer would spread them. Each
   * on a connection of its own: a kept-alive one left idle between runs may be closed by the server
   * just as it is reused (ECONNRESET) when the machine is slow.
   */
  function guess(i: number, email: string, code: string): Promise<number> {
    const base = i % 2 === 0 ? t.baseUrl : second.baseUrl
    const body = JSON.stringify({ email, code })
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        base + AUTH,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'privy-app-id': t.appId },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  it(`counts exactly ${OTP_MAX_ATTEMPTS} wrong tries per code and never lets a right code buried in 200 parallel guesses win`, async () => {
    for (let run = 0; run < 6; run++) {
      const email = `race-${run}@example.com`
      const init = await t.request(INIT, { body: { email } })
      expect(init.status).toBe(200)
      const code = await t.codeFor(email)
      // The right code goes in the second half: by then far more than five wrong guesses are in flight.
      const rightAt = 100 + Math.floor(Math.random() * 100)
      const codes = Array.from({ length: 200 }, (_, i) => (i === rightAt ? code : wrongCodeFor(code, i)))
      const statuses = await Promise.all(codes.map((c, i) => guess(i, email, c)))

      const wins = statuses.filter((s) => s === 200).length
      const [row] = await t.db.query<{ attempts: number; used_at: number | null }>(
        'SELECT attempts, used_at FROM otp_codes WHERE app_id = $1 AND destination = $2',
        [t.appId, email],
      )
      // Every guess evaluated against the live code was counted, and counting stopped at the lock.
      expect({ run, wins, attempts: row!.attempts, used: row!.used_at !== null }).toEqual({
        run,
        wins: 0,
        attempts: OTP_MAX_ATTEMPTS,
        used: false,
      })
      // Wrong guesses are refused as wrong, or, past the destination's hourly ceiling, as too many.
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
    }
    // 1,200 requests: generous for a machine whose cores are busy.
  }, 180_000)
})

describe('the failure ceiling per identifier', () => {
  let t: TestInstance
  beforeAll(async () => {
    t = await createTestInstance({
      app: { settings: { otpPerIp: { limit: 10_000, windowMs: 60_000 }, otpPerDestination: { limit: 10_000, windowMs: 60_000 } } },
    })
  }, 60_000)
  afterAll(() => t.close())

  it(`refuses new codes with 429 and Retry-After once ${OTP_MAX_FAILURES} wrong codes were tried in an hour, across resent codes`, async () => {
    const email = 'victim@example.com'
    await t.login(email)
    let sent = 0
    let wrong = 0
    let refusedInit: Awaited<ReturnType<TestInstance['request']>> | null = null
    // The attack: 26 resent codes, five wrong guesses each (130 guesses).
    for (let round = 0; round < 26; round++) {
      const init = await t.request(INIT, { body: { email } })
      if (init.status !== 200) {
        refusedInit ??= init
        expect(init.status).toBe(429)
        continue
      }
      sent++
      const code = await t.codeFor(email)
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
        const res = await t.request(AUTH, { body: { email, code: wrongCodeFor(code, i) } })
        if (res.status === 401) wrong++
        else expect(res.status).toBe(429)
      }
    }
    expect(wrong).toBe(OTP_MAX_FAILURES)
    expect(sent).toBe(OTP_MAX_FAILURES / OTP_MAX_ATTEMPTS)
    expect(refusedInit!.body).toEqual({ error: 'Too many requests. Please wait to try again.', code: 'too_many_requests' })
    const retryAfter = Number(refusedInit!.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(OTP_FAILURE_WINDOW_MS / 1000)
  })

  it('refuses even the right code of a live code once the ceiling is reached, until the window has passed', async () => {
    const email = 'second-victim@example.com'
    // Four codes with five wrong tries, a fifth with four: one failure short of the ceiling.
    for (let round = 0; round < OTP_MAX_FAILURES / OTP_MAX_ATTEMPTS; round++) {
      expect((await t.request(INIT, { body: { email } })).status).toBe(200)
      const code = await t.codeFor(email)
      const tries = round === OTP_MAX_FAILURES / OTP_MAX_ATTEMPTS - 1 ? OTP_MAX_ATTEMPTS - 1 : OTP_MAX_ATTEMPTS
      for (let i = 0; i < tries; i++) {
        expect((await t.request(AUTH, { body: { email, code: wrongCodeFor(code, i) } })).status).toBe(401)
      }
    }
    // A new code is still sent; one more wrong guess fills the ceiling.
    expect((await t.request(INIT, { body: { email } })).status).toBe(200)
    const code = await t.codeFor(email)
    expect((await t.request(AUTH, { body: { email, code: wrongCodeFor(code, 0) } })).status).toBe(401)
    const blocked = await t.request(AUTH, { body: { email, code } })
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('too_many_requests')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)

    t.clock.advance(OTP_FAILURE_WINDOW_MS)
    expect((await t.request(INIT, { body: { email } })).status).toBe(200)
    const fresh = await t.codeFor(email)
    expect((await t.request(AUTH, { body: { email, code: fresh } })).status).toBe(200)
  })

  it('sends Retry-After with the seconds left in the window on a send-rate 429', async () => {
    const app = await t.createApp({ settings: { otpPerDestination: { limit: 1, windowMs: 120_000 } } })
    const email = 'slow@example.com'
    expect((await t.request(INIT, { body: { email }, appId: app.id })).status).toBe(200)
    const res = await t.request(INIT, { body: { email }, appId: app.id })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(100)
    expect(retryAfter).toBeLessThanOrEqual(120)
  })

  it('stores no new code when a send is refused by the send rate: the code sent before still works', async () => {
    const app = await t.createApp({ settings: { otpPerDestination: { limit: 1, windowMs: 120_000 } } })
    const email = 'kept@example.com'
    expect((await t.request(INIT, { body: { email }, appId: app.id })).status).toBe(200)
    const code = await t.codeFor(email)
    expect((await t.request(INIT, { body: { email }, appId: app.id })).status).toBe(429)
    expect((await t.request(AUTH, { body: { email, code }, appId: app.id })).status).toBe(200)
  })
})
