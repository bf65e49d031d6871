/**
 * One-time rows on a real database (in-memory PGlite, or PostgreSQL with `PORTICO_TEST_DATABASE_URL`):
 * a step is claimed once, a claim takes and wipes its values, live claims refuse expired rows, a spend
 * tells the first use from a replay, inserts drop long-expired rows, and of hundreds of parallel
 * claims of one row exactly one wins.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb } from '../test/support/test-db'
import type { Db } from './storage/db'
import { ONE_TIME_ROW_RETENTION_MS, oneTimeRows } from './one-time-rows'

const NOW = 1_800_000_000_000
const rows = oneTimeRows('one_time_test_rows', 'id')
let db: Db

beforeAll(async () => {
  db = await createTestDb()
  await db.exec(`CREATE TABLE one_time_test_rows (
    id text PRIMARY KEY, owner text NOT NULL, secret text, expires_at bigint NOT NULL, returned_at bigint, used_at bigint)`)
})
afterAll(() => db?.close())
beforeEach(() => db.exec('DELETE FROM one_time_test_rows'))

const put = (id: string, expiresAt = NOW + 60_000) => rows.insert(db, { id, owner: 'alice', secret: `s-${id}`, expires_at: expiresAt }, NOW)
const claimUse = (id: string, now = NOW) =>
  rows.claim<{ id: string; owner: string; secret: string | null }>(db, { mark: 'used_at', where: { id }, now, returning: ['id', 'owner'], take: ['secret'] })
const stored = async (id: string) => (await db.query<{ secret: string | null; used_at: number | null }>('SELECT secret, used_at FROM one_time_test_rows WHERE id = $1', [id]))[0]

describe('oneTimeRows', () => {
  it('claims a step once: the first claim gets the row and its taken value, which is wiped; a second gets nothing', async () => {
    await put('a')
    expect(await claimUse('a')).toEqual({ id: 'a', owner: 'alice', secret: 's-a' })
    expect(await stored('a')).toEqual({ secret: null, used_at: NOW })
    expect(await claimUse('a', NOW + 1)).toBeNull()
    expect(await stored('a')).toEqual({ secret: null, used_at: NOW })
  })

  it('claims each step on its own, and only the row every `where` column names', async () => {
    await put('b')
    const returned = (owner: string) => rows.claim<{ id: string }>(db, { mark: 'returned_at', where: { id: 'b', owner }, now: NOW, returning: ['id'] })
    expect(await returned('mallory')).toBeNull()
    expect(await returned('alice')).toEqual({ id: 'b' })
    expect(await returned('alice')).toBeNull()
    expect(await claimUse('b')).toEqual({ id: 'b', owner: 'alice', secret: 's-b' })
  })

  it('answers null for an unknown row, and refuses an expired row when the claim asks for a live one', async () => {
    expect(await claimUse('nobody')).toBeNull()
    await put('c', NOW + 10)
    const live = (now: number) => rows.claim(db, { mark: 'returned_at', where: { id: 'c' }, now, live: true, returning: ['id'] })
    expect(await live(NOW + 10)).toBeNull()
    expect(await live(NOW + 9)).toEqual({ id: 'c' })
  })

  it('spends a row on every call and tells the first use (mark null) from a replay (the first use time)', async () => {
    await put('d')
    const spend = (now: number) => rows.spend<{ owner: string; used_at: number | null }>(db, { mark: 'used_at', where: { id: 'd' }, now, returning: ['owner'] })
    expect(await spend(NOW)).toEqual({ owner: 'alice', used_at: null })
    expect(await spend(NOW + 5)).toEqual({ owner: 'alice', used_at: NOW })
    expect(await stored('d')).toMatchObject({ used_at: NOW })
    expect(await rows.spend(db, { mark: 'used_at', where: { id: 'nobody' }, now: NOW, returning: ['owner'] })).toBeNull()
  })

  it('drops rows that expired the retention period ago or more when it inserts, and keeps the others', async () => {
    await put('old', NOW - ONE_TIME_ROW_RETENTION_MS - 1)
    await put('recent', NOW - ONE_TIME_ROW_RETENTION_MS)
    await put('new')
    const ids = await db.query<{ id: string }>('SELECT id FROM one_time_test_rows ORDER BY id')
    expect(ids.map((r) => r.id)).toEqual(['new', 'recent'])
  })

  it('refuses a table or column name that is not a plain identifier, before any SQL runs', async () => {
    expect(() => oneTimeRows('rows; DROP TABLE apps', 'id')).toThrow(/plain SQL identifier/)
    await put('e')
    await expect(rows.claim(db, { mark: 'used_at = 1, owner', where: { id: 'e' }, now: NOW, returning: ['id'] })).rejects.toThrow(/plain SQL identifier/)
    await expect(rows.claim(db, { mark: 'used_at', where: {}, now: NOW, returning: ['id'] })).rejects.toThrow(/names its row/)
    expect(await stored('e')).toEqual({ secret: 's-e', used_at: null })
  })

  // A race is lost only when claims overlap in the database: several rounds make an overlap all but certain.
  it('lets exactly one of hundreds of parallel claims of one row win, and only it gets the taken value', async () => {
    for (const round of ['r1', 'r2', 'r3', 'r4']) {
      await put(round)
      const answers = await Promise.all(Array.from({ length: 250 }, (_, i) => claimUse(round, NOW + i)))
      expect(answers.filter((a) => a !== null)).toEqual([{ id: round, owner: 'alice', secret: `s-${round}` }])
      expect((await stored(round))!.secret).toBeNull()
    }
  })

  it('lets exactly one of hundreds of parallel spends of one row see it unused; the others see its first use', async () => {
    for (const round of ['s1', 's2', 's3', 's4']) {
      await put(round)
      const answers = await Promise.all(
        Array.from({ length: 250 }, (_, i) => rows.spend<{ used_at: number | null }>(db, { mark: 'used_at', where: { id: round }, now: NOW + i, returning: [] })),
      )
      expect(answers.filter((a) => a!.used_at === null)).toHaveLength(1)
      const { used_at } = (await stored(round))!
      expect(answers.every((a) => a!.used_at === null || a!.used_at === used_at)).toBe(true)
    }
  })
})
