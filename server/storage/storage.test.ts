import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { User } from '../../kernel/schemas'
import { createApp, loadApp, updateApp, DEFAULT_APP_SETTINGS, type ServerApp } from '../apps'
import { createOtpService } from '../services/otp'
import { createRateLimiter } from '../services/rate-limit'
import { createSessionService } from '../services/sessions'
import { createUserService } from '../services/users'
import type { HttpError } from '../errors'
import type { Db } from './db'
import { coreMigrations, runMigrations } from './migrations'
import { createTestDb, reopenTestDb, testPgliteStart } from '../../test/support/test-db'
import { createPgliteDb } from './pglite'
import { createPostgresDb } from './postgres'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const engine = process.env.PORTICO_TEST_DATABASE_URL ? 'postgres' : 'pglite'

describe(`storage (${engine})`, () => {
  let db: Db
  let app: ServerApp
  let time = 1_700_000_000_000
  const now = () => time
  beforeAll(async () => {
    db = await createTestDb()
    await runMigrations(db, coreMigrations)
    app = await createApp(db, { name: 'Storage', allowedOrigins: ['http://localhost:3000'] })
  })
  afterAll(() => db.close())

  describe('migrations', () => {
    it('applies each migration once', async () => {
      expect(await runMigrations(db, coreMigrations)).toEqual([])
      const extra = [...coreMigrations, { id: 'test/0001_extra', sql: 'CREATE TABLE extra_things (id int)' }]
      expect(await runMigrations(db, extra)).toEqual(['test/0001_extra'])
      expect(await runMigrations(db, extra)).toEqual([])
    })

    it('rejects duplicate migration ids', async () => {
      await expect(runMigrations(db, [...coreMigrations, coreMigrations[0]!])).rejects.toThrow(/Duplicate/)
    })

    it('applies a migration once when two processes start together', async () => {
      const second = await reopenTestDb(db)
      if (!second) {
        // One PGlite instance is one process: migrations serialize on its single connection.
        const both = await Promise.all([
          runMigrations(db, [...coreMigrations, { id: 'test/0002_once', sql: 'CREATE TABLE once_a (id int)' }]),
          runMigrations(db, [...coreMigrations, { id: 'test/0002_once', sql: 'CREATE TABLE once_a (id int)' }]),
        ])
        expect(both.flat()).toEqual(['test/0002_once'])
        return
      }
      try {
        const list = [...coreMigrations, { id: 'test/0002_once', sql: 'SELECT pg_sleep(0.2); CREATE TABLE once_a (id int)' }]
        const both = await Promise.all([runMigrations(db, list), runMigrations(second, list)])
        expect(both.flat()).toEqual(['test/0002_once'])
      } finally {
        await second.close()
      }
    })
  })

  describe('values', () => {
    it('round-trips text that looks like SQL, quotes, backslashes and placeholders', async () => {
      const nasty = ["it's", "'); DROP TABLE users; --", 'back\\slash \\\' x', '$1 $2 $$ $a$', 'ünïcødé ✓', '']
      for (const value of nasty) {
        const rows = await db.query<{ v: string; j: unknown }>('SELECT $1::text AS v, $2::jsonb AS j', [value, { value }])
        expect(rows[0]).toEqual({ v: value, j: { value } })
      }
      expect(await db.query('SELECT count(*)::int AS n FROM users')).toHaveLength(1)
    })

    it('round-trips numbers, booleans and nulls', async () => {
      const [row] = await db.query('SELECT $1::bigint AS a, $2::float8 AS b, $3::boolean AS c, $4::text AS d, $5::bigint AS e', [
        1_700_000_000_123, -1.5, false, null, -7,
      ])
      expect(row).toEqual({ a: 1_700_000_000_123, b: -1.5, c: false, d: null, e: -7 })
    })
  })

  describe('transactions', () => {
    it('commits when the work resolves', async () => {
      await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (v text)')
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe (v) VALUES ($1)', ['kept'])
      })
      expect(await db.query('SELECT v FROM tx_probe WHERE v = $1', ['kept'])).toHaveLength(1)
    })

    it('rolls back everything when the work throws, nested calls included', async () => {
      await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (v text)')
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO tx_probe (v) VALUES ($1)', ['gone'])
          await tx.transaction(async (inner) => inner.query('INSERT INTO tx_probe (v) VALUES ($1)', ['gone-too']))
          throw new Error('boom')
        }),
      ).rejects.toThrow('boom')
      expect(await db.query("SELECT v FROM tx_probe WHERE v LIKE 'gone%'")).toHaveLength(0)
    })
  })

  describe('apps', () => {
    it('stores an app with defaults, keys and origins', async () => {
      const loaded = await loadApp(db, app.id)
      expect(loaded).not.toBeNull()
      expect(loaded!.id).toMatch(/^[a-z0-9]{25}$/)
      expect(loaded!.settings).toEqual(DEFAULT_APP_SETTINGS)
      expect(loaded!.allowedOrigins).toEqual(['http://localhost:3000'])
      expect(loaded!.publicPem).toMatch(/BEGIN PUBLIC KEY/)
      expect(loaded!.privateJwk).toMatchObject({ kty: 'EC', crv: 'P-256' })
    })

    it('merges setting changes and answers null for an unknown app', async () => {
      const other = await createApp(db, { name: 'Other', testIdentities: [{ email: 'T@x.co', code: '111111' }] })
      const updated = await updateApp(db, other.id, { settings: { maxUsers: 3 } })
      expect(updated!.settings.maxUsers).toBe(3)
      expect(updated!.settings.otpPerDestination).toEqual(DEFAULT_APP_SETTINGS.otpPerDestination)
      expect(updated!.testIdentities).toEqual([{ email: 't@x.co', code: '111111' }])
      expect(await loadApp(db, 'z'.repeat(25))).toBeNull()
    })
  })

  describe('users and accounts', () => {
    const users = () => createUserService(db)

    it('creates a user with its account and finds it again', async () => {
      const { user, created } = await users().create(app, { type: 'email', identityKey: 'u1@x.co', details: { address: 'u1@x.co' } }, time)
      expect(created).toBe(true)
      expect(user.id).toMatch(/^[a-z0-9]{25}$/)
      time += 5000
      const found = await users().findByAccount(app, { type: 'email', identityKey: 'u1@x.co' }, time)
      expect(found!.id).toBe(user.id)
      expect(found!.accounts[0]!.latestVerifiedAt).toBe(time)
      expect(found!.accounts[0]!.firstVerifiedAt).toBe(time - 5000)
      const again = await users().get(app, user.id)
      expect(again!.accounts[0]!.latestVerifiedAt).toBe(time)
      const wire = users().toWire(found!)
      expect(v.is(User, wire)).toBe(true)
      expect(wire.linked_accounts[0]).toMatchObject({ type: 'email', address: 'u1@x.co' })
    })

    it('answers the existing user, with a fresh verification, when a sign-up presents a known account', async () => {
      const account = { type: 'email', identityKey: 'back@x.co', details: { address: 'back@x.co' } }
      const first = await users().create(app, account, time)
      time += 5000
      const again = await users().create(app, account, time)
      expect({ id: again.user.id, created: again.created }).toEqual({ id: first.user.id, created: false })
      expect(again.user.accounts[0]).toMatchObject({ firstVerifiedAt: time - 5000, latestVerifiedAt: time })
      expect((await users().get(app, first.user.id))!.accounts[0]!.latestVerifiedAt).toBe(time)
    })

    it('returns null for an account nobody has', async () => {
      expect(await users().findByAccount(app, { type: 'email', identityKey: 'none@x.co' }, time)).toBeNull()
    })

    it('keeps one user per identity even when two sign-ups race', async () => {
      const account = { type: 'email', identityKey: 'race@x.co', details: { address: 'race@x.co' } }
      const [a, b] = await Promise.all([users().create(app, account, time), users().create(app, account, time)])
      expect(a.user.id).toBe(b.user.id)
      expect([a.created, b.created].sort()).toEqual([false, true])
      const rows = await db.query('SELECT 1 FROM users u WHERE u.app_id = $1 AND NOT EXISTS (SELECT 1 FROM linked_accounts la WHERE la.user_id = u.id)', [app.id])
      expect(rows).toHaveLength(0)
    })

    it('lets the same identity exist in two apps', async () => {
      const other = await createApp(db, { name: 'Second' })
      const account = { type: 'email', identityKey: 'both@x.co', details: { address: 'both@x.co' } }
      const a = await users().create(app, account, time)
      const b = await users().create(other, account, time)
      expect(a.user.id).not.toBe(b.user.id)
      expect(await users().count(other)).toBe(1)
    })

    it('enforces the app user limit', async () => {
      const small = await createApp(db, { name: 'Small', settings: { maxUsers: 1 } })
      await users().create(small, { type: 'email', identityKey: 's1@x.co', details: {} }, time)
      await expect(users().create(small, { type: 'email', identityKey: 's2@x.co', details: {} }, time)).rejects.toMatchObject({
        status: 403,
        code: 'max_accounts_reached',
      } satisfies Partial<HttpError>)
      expect(await users().count(small)).toBe(1)
    })

    it('records accepted terms', async () => {
      const { user } = await users().create(app, { type: 'email', identityKey: 'terms@x.co', details: {} }, time)
      expect((await users().acceptTerms(app, user.id))!.hasAcceptedTerms).toBe(true)
    })
  })

  describe('sessions', () => {
    it('issues a session, rotates its refresh token and revokes the family on reuse', async () => {
      const users = createUserService(db)
      const sessions = createSessionService(db, users, now)
      const { user } = await users.create(app, { type: 'email', identityKey: 'sess@x.co', details: { address: 'sess@x.co' } }, time)
      const auth = await sessions.issue(app, user, { isNewUser: true })
      const info = await sessions.verify(app, auth.token!)
      expect(info.userId).toBe(user.id)
      const next = await sessions.refresh(app, auth.refresh_token!)
      expect(next.refresh_token).not.toBe(auth.refresh_token)
      await expect(sessions.refresh(app, auth.refresh_token!)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
      await expect(sessions.refresh(app, next.refresh_token!)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
      const [row] = await db.query<{ revoked_at: number | null }>('SELECT revoked_at FROM sessions WHERE id = $1', [info.sessionId])
      expect(row!.revoked_at).not.toBeNull()
      const stored = await db.query<{ hash: string }>('SELECT hash FROM refresh_tokens WHERE session_id = $1', [info.sessionId])
      expect(stored.map((r) => r.hash)).not.toContain(auth.refresh_token)
    })

    it('expires unused refresh tokens after 30 days', async () => {
      const users = createUserService(db)
      const sessions = createSessionService(db, users, now)
      const { user } = await users.create(app, { type: 'email', identityKey: 'old@x.co', details: {} }, time)
      const auth = await sessions.issue(app, user, {})
      time += 31 * 24 * 60 * 60 * 1000
      await expect(sessions.refresh(app, auth.refresh_token!)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    })
  })

  describe('codes', () => {
    const otp = () => createOtpService(db, 'storage-secret', now)

    it('verifies the right code once and keeps only its hash', async () => {
      const code = await otp().issue(app, 'email', 'c1@x.co')
      expect(code).toMatch(/^\d{6}$/)
      const [row] = await db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes WHERE destination = $1', ['c1@x.co'])
      expect(row!.code_hash).toBe(otp().hash(app, 'email', 'c1@x.co', code))
      expect(row!.code_hash).not.toContain(code)
      expect(await otp().verify(app, 'email', 'c1@x.co', code)).toBe(true)
      expect(await otp().verify(app, 'email', 'c1@x.co', code)).toBe(false)
    })

    it('counts wrong tries and locks after five', async () => {
      const code = await otp().issue(app, 'email', 'c2@x.co')
      const wrong = code === '000000' ? '000001' : '000000'
      for (let i = 0; i < 5; i++) expect(await otp().verify(app, 'email', 'c2@x.co', wrong)).toBe(false)
      expect(await otp().verify(app, 'email', 'c2@x.co', code)).toBe(false)
    })

    it('expires a code after ten minutes', async () => {
      const code = await otp().issue(app, 'email', 'c3@x.co')
      time += 10 * 60 * 1000
      expect(await otp().verify(app, 'email', 'c3@x.co', code)).toBe(false)
    })

    it('keeps codes of different channels and apps apart', async () => {
      const other = await createApp(db, { name: 'Codes' })
      const code = await otp().issue(app, 'email', 'c4@x.co')
      expect(await otp().verify(other, 'email', 'c4@x.co', code)).toBe(false)
      expect(await otp().verify(app, 'sms', 'c4@x.co', code)).toBe(false)
      expect(await otp().verify(app, 'email', 'c4@x.co', code)).toBe(true)
    })
  })

  describe('rate limits', () => {
    it('counts hits per key in a fixed window', async () => {
      const limiter = createRateLimiter(db, now)
      for (let i = 0; i < 3; i++) await limiter.hit('k1', 3, 1000)
      await expect(limiter.hit('k1', 3, 1000)).rejects.toMatchObject({ status: 429, code: 'too_many_requests' })
      await limiter.hit('k2', 3, 1000)
      time += 1001
      await limiter.hit('k1', 3, 1000)
      await limiter.reset()
      expect(await db.query('SELECT * FROM rate_limits')).toHaveLength(0)
    })
  })
})

describe('PGlite on the calling thread', () => {
  // Started from the test template (as the worker-thread databases are): initdb alone takes minutes
  // on two busy cores.
  it('runs the same statements and transactions as the worker', { timeout: 120_000 }, async () => {
    const db = await createPgliteDb({ dataDir: 'memory', thread: 'main', start: await testPgliteStart() })
    try {
      await runMigrations(db, coreMigrations)
      const app = await createApp(db, { name: 'Main thread' })
      const users = createUserService(db)
      const { user } = await users.create(app, { type: 'email', identityKey: 'm@x.co', details: { address: 'm@x.co' } }, 1)
      expect((await users.findByAccount(app, { type: 'email', identityKey: 'm@x.co' }, 2))!.id).toBe(user.id)
      await expect(
        db.transaction(async (tx) => {
          await tx.query('DELETE FROM linked_accounts')
          throw new Error('undo')
        }),
      ).rejects.toThrow('undo')
      expect(await users.count(app)).toBe(1)
      expect(await db.query('SELECT 1 FROM linked_accounts')).toHaveLength(1)
    } finally {
      await db.close()
    }
  })
})

describe('PGlite prepared statements', () => {
  it('prepares a statement once when its first uses run together, and executes it from then on', { timeout: 120_000 }, async () => {
    const db = await createPgliteDb({ dataDir: 'memory', thread: 'main' })
    try {
      const sql = 'SELECT $1::int + 1 AS n'
      const first = await Promise.all(Array.from({ length: 10 }, (_, i) => db.query<{ n: number }>(sql, [i])))
      expect(first.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      await db.query(sql, [0])
      const plans = await db.query("SELECT generic_plans FROM pg_prepared_statements WHERE statement LIKE '%::int + 1 AS n'")
      expect(plans).toEqual([{ generic_plans: 11 }])
    } finally {
      await db.close()
    }
  })
})

describe(`durable commits (${engine})`, () => {
  it('commits synchronously even where the database default is off', { timeout: 120_000 }, async () => {
    const url = process.env.PORTICO_TEST_DATABASE_URL
    if (url) {
      // A session whose default is off, as a database or role set to `synchronous_commit = off` gives.
      const sep = url.includes('?') ? '&' : '?'
      const db = await createPostgresDb({ connectionString: `${url}${sep}options=-c%20synchronous_commit%3Doff`, max: 1 })
      try {
        const rows = await db.query<{ sc: string }>("SELECT current_setting('synchronous_commit') AS sc")
        expect(rows[0]!.sc).toBe('on')
      } finally {
        await db.close()
      }
      return
    }
    const dir = mkdtempSync(join(tmpdir(), 'portico-durable-'))
    const db = await createPgliteDb({ dataDir: dir })
    try {
      const rows = await db.query<{ sc: string; fs: string }>("SELECT current_setting('synchronous_commit') AS sc, current_setting('fsync') AS fs")
      expect(rows[0]).toEqual({ sc: 'on', fs: 'on' })
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('PGlite on disk', () => {
  it('refuses to run on the calling thread, where nothing would sync its writes', async () => {
    await expect(createPgliteDb({ dataDir: '.tmp/never-created', thread: 'main' })).rejects.toThrow(/in-memory databases/)
  })
})


describe(`test databases (${engine})`, () => {
  it('each starts empty and its own, though they start from one template: rows and tables never cross', async () => {
    const first = await createTestDb()
    try {
      await runMigrations(first, coreMigrations)
      await createApp(first, { name: 'Only here', allowedOrigins: ['http://localhost:3000'] })
      await first.exec('CREATE TABLE left_behind (id int); INSERT INTO left_behind VALUES (1)')
      const second = await createTestDb()
      try {
        const tables = await second.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('apps', 'left_behind')",
        )
        expect(tables[0]!.n).toBe(0)
        await runMigrations(second, coreMigrations)
        expect(await second.query('SELECT id FROM apps')).toEqual([])
      } finally {
        await second.close()
      }
    } finally {
      await first.close()
    }
  })

  it('in-memory PGlite ones start from a prepared template and compiled modules', async () => {
    const start = await testPgliteStart()
    expect(start.loadDataDir?.size).toBeGreaterThan(0)
    expect(start.pgliteWasmModule).toBeInstanceOf(WebAssembly.Module)
    // A second call answers the same preparation: nothing is compiled or read again.
    expect(await testPgliteStart()).toBe(start)
  })
})
