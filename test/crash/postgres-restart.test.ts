/**
 * A PostgreSQL restart under traffic: the production server on its own throwaway PostgreSQL keeps
 * serving logins while the database stops and starts again. Requests caught by the outage answer
 * 503 with the contract's error body (a status clients retry) and nothing about the cause; the
 * server process survives, reconnects, and every login it acknowledged is still there.
 */
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../kernel/schemas'
import { productionEnv } from '../support/production-env'
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp'
import { startTempPostgres, type TempPostgres } from '../support/postgres'
import { call, killAll, startServer, START_TIMEOUT_MS, waitFor, type ProductionServer } from './production-server'

const deployment = productionEnv('restart')
const ADMIN_KEY = deployment.PORTICO_ADMIN_KEY
/** Limit of each wait on traffic (logins before, 503s during and logins after the outage). */
const TRAFFIC_WAIT_MS = 90_000

let postgres: TempPostgres
let smtp: SmtpSink
let server: ProductionServer

beforeAll(async () => {
  smtp = await startSmtpSink()
  postgres = await startTempPostgres()
  server = await startServer({
    DATABASE_URL: postgres.url,
    ...deployment,
    SMTP_URL: smtp.url,
  })
}, START_TIMEOUT_MS * 2)

afterAll(async () => {
  await killAll()
  await smtp?.close()
  await postgres?.remove()
})

interface Answer {
  status: number
  body: unknown
  retryAfter: string | null
}

describe('a production server on PostgreSQL', () => {
  it('rides out a database restart: 503s with the contract body while it is down, then logins again, none lost', { timeout: 4 * TRAFFIC_WAIT_MS }, async () => {
    const identities = Array.from({ length: 200 }, (_, i) => ({ email: `restart-${i}@example.com`, code: String(200000 + i) }))
    const created = await call<{ id: string }>(server.url, 'POST', '/admin/v1/apps', { name: 'Restart', test_identities: identities }, { authorization: `Bearer ${ADMIN_KEY}` })
    expect(created.status).toBe(200)
    const appId = created.body.id
    const headers = { 'privy-app-id': appId }

    const answers: Answer[] = []
    const networkErrors: unknown[] = []
    const acknowledged: { userId: string; refreshToken: string }[] = []
    let phase: 'before' | 'down' | 'after' = 'before'
    const okIn = { before: 0, down: 0, after: 0 }
    /** One request; its answer is recorded, a failed connection too (there must be none). */
    const send = async <T>(path: string, body: unknown): Promise<{ status: number; body: T } | null> => {
      try {
        const res = await call<T>(server.url, 'POST', path, body, headers)
        answers.push({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') })
        return res
      } catch (err) {
        networkErrors.push(err)
        return null
      }
    }

    // Traffic: four clients sign in in a loop (each login writes a user and a session).
    let next = 0
    let stop = false
    const traffic = Array.from({ length: 4 }, async () => {
      while (!stop) {
        // A test identity signs in again and again: a new session each time.
        const who = identities[next++ % identities.length]!
        const started = phase
        const auth = await send<{ user: { id: string }; refresh_token: string }>('/api/v1/passwordless/authenticate', who)
        if (auth?.status !== 200) continue
        acknowledged.push({ userId: auth.body.user.id, refreshToken: auth.body.refresh_token })
        if (started === phase) okIn[phase]++
      }
    })

    try {
      await waitFor(() => okIn.before >= 10, TRAFFIC_WAIT_MS, 'logins before the restart')
      await postgres.stop('fast')
      phase = 'down'
      await waitFor(() => answers.some((a) => a.status === 503), TRAFFIC_WAIT_MS, 'a 503 while the database is down')
      await postgres.start()
      phase = 'after'
      await waitFor(() => okIn.after >= 10, TRAFFIC_WAIT_MS, 'logins after the restart')
    } finally {
      stop = true
      await Promise.all(traffic)
    }

    expect(server.child.exitCode, server.output()).toBeNull()
    expect(networkErrors).toEqual([])
    const statuses = new Set(answers.map((a) => a.status))
    expect([...statuses].sort()).toEqual([200, 503])
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(v.is(ErrorBody, a.body)).toBe(true)
      // The contract's shape and a fixed text: no driver message, no SQL, no stack.
      expect(a.body).toEqual({ error: 'Service unavailable. Please try again.' })
      expect(a.retryAfter).toBe('1')
    }

    // Every acknowledged login survived: its session refreshes on the restarted database.
    for (const done of acknowledged) {
      const refreshed = await call<{ user?: { id: string } }>(server.url, 'POST', '/api/v1/sessions', { refresh_token: done.refreshToken }, headers)
      expect(refreshed.status).toBe(200)
      expect(refreshed.body.user?.id).toBe(done.userId)
    }
  })
})
