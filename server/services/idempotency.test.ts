/**
 * Keyed POSTs against a real server: one run per key, the stored answer replayed, a reused key with
 * another request refused, a key still running answered 409, and answers sealed at rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { IDEMPOTENCY_KEY_HEADER } from './idempotency'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({ app: { testIdentities: [{ email: 'fixed@example.com', code: '135790' }] } })
})
afterAll(() => t?.close())

const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key })

describe('privy-idempotency-key', () => {
  it('runs a keyed call once and answers its retries with the first answer, marked as a replay', async () => {
    const email = 'once@example.com'
    const first = await t.request('/api/v1/passwordless/init', { body: { email }, headers: keyed('key-once') })
    const again = await t.request('/api/v1/passwordless/init', { body: { email }, headers: keyed('key-once') })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('privy-idempotent-replay')).toBe('true')
    await t.codeFor(email)
    expect(t.smtp.messagesTo(email)).toHaveLength(1)
  })

  it('replays a refusal too: a wrong code retried is counted once', async () => {
    const email = 'counted@example.com'
    await t.request('/api/v1/passwordless/init', { body: { email } })
    const wrong = { email, code: '000000' }
    const first = await t.request('/api/v1/passwordless/authenticate', { body: wrong, headers: keyed('key-wrong') })
    const again = await t.request('/api/v1/passwordless/authenticate', { body: wrong, headers: keyed('key-wrong') })
    expect([first.status, again.status]).toEqual([401, 401])
    expect(again.body).toEqual(first.body)
    const [row] = await t.db.query<{ attempts: number }>('SELECT attempts FROM otp_codes WHERE destination = $1', [email])
    expect(row!.attempts).toBe(1)
  })

  it('refuses the same key with another body, and a malformed key, with 400 invalid_data', async () => {
    await t.request('/api/v1/passwordless/init', { body: { email: 'a@example.com' }, headers: keyed('key-reused') })
    const other = await t.request('/api/v1/passwordless/init', { body: { email: 'b@example.com' }, headers: keyed('key-reused') })
    expect(other.status).toBe(400)
    expect(other.body).toEqual({ error: `This ${IDEMPOTENCY_KEY_HEADER} was used for another request.`, code: 'invalid_data' })
    const bad = await t.request('/api/v1/passwordless/init', { body: { email: 'c@example.com' }, headers: keyed('x'.repeat(300)) })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('invalid_data')
    expect(t.smtp.messagesTo('b@example.com')).toHaveLength(0)
  })

  it('answers 409 resource_conflict to tries that arrive while the first still runs, and one of them runs', async () => {
    const body = { email: 'fixed@example.com', code: '135790' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request('/api/v1/passwordless/authenticate', { body, headers: keyed('key-parallel') })),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    const ran = answers.filter((a) => a.status === 200 && a.headers.get('privy-idempotent-replay') !== 'true')
    expect(ran).toHaveLength(1)
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('resource_conflict')
    // Every 200 is the one run's answer.
    for (const a of answers.filter((x) => x.status === 200)) expect(a.body.refresh_token).toBe(ran[0]!.body.refresh_token)
  })

  it('keeps stored answers sealed: the tokens they hold are not in the database', async () => {
    const res = await t.request('/api/v1/passwordless/authenticate', { body: { email: 'fixed@example.com', code: '135790' }, headers: keyed('key-sealed') })
    expect(res.status).toBe(200)
    const rows = await t.db.query<{ answer: string }>('SELECT answer FROM idempotent_requests WHERE status = 200')
    expect(rows.length).toBeGreaterThan(0)
    for (const { answer } of rows) {
      expect(answer).not.toContain(res.body.refresh_token)
      expect(Buffer.from(answer, 'base64').toString('latin1')).not.toContain(res.body.refresh_token)
    }
  })
})
