/**
 * The password guard of `user-passcode` recovery against a real server and database (PGlite, or
 * PostgreSQL with PORTICO_TEST_DATABASE_URL): a password wallet's encrypted recovery share is released
 * only for the password's verifier, wrong verifiers are counted in the database and lock recovery.
 * The per-user request limit is raised here: what is tested is the guard's own count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { AuthenticatedUser } from '../../kernel/wire'
import { generateEncryptionKey } from '../../server'
import { createTestInstance, type TestInstance, type TestResponse } from '../../test/support/server'
import { emailServer } from '../email/server'
import { RecoveryShareResponse } from './schemas'
import { embeddedWalletsServer, RECOVERY_PASSWORD_GUARD } from './server'
import {
  b64,
  CREATE,
  evmWallet,
  keyMaterialPath,
  passcodeRecovery,
  RECOVERY,
  recoverySharePath,
  sealedShare,
  SHARES,
  solanaWallet,
  walletRequests,
  type TestWallet,
} from './test-wallets'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [
      emailServer(),
      embeddedWalletsServer({
        shareKeys: generateEncryptionKey(),
        recoveryKeys: generateEncryptionKey(),
        keyMaterialPerUser: { limit: 10_000, windowMs: 60_000 },
      }),
    ],
  })
})
afterAll(async () => {
  await t?.close()
})

const { created, createBody, setRecoveryBody } = walletRequests(() => t)
const { maxFailures, lockoutMs, maxLockoutMs } = RECOVERY_PASSWORD_GUARD

let users = 0
const login = () => t.login(`guard-${++users}-${Date.now()}@example.com`)

/** A user with a password wallet whose verifier is `verifier`. */
async function passwordWallet(w: TestWallet = evmWallet()) {
  const user = await login()
  const verifier = b64(32)
  const { body } = await created(user, w, { recovery: passcodeRecovery(verifier) })
  const sealed = (body.recovery as { encrypted_share: string }).encrypted_share
  return { user, w, verifier, sealed }
}

const present = (user: AuthenticatedUser, address: string, verifier: unknown): Promise<TestResponse> =>
  t.request(recoverySharePath(address), { token: user.token!, body: { verifier } })

/** The guard's counts in the database. */
async function counts(entropyId: string) {
  const [row] = await t.db.query<{ recovery_failures: number; recovery_lockouts: number; recovery_locked_until: string | number | null }>(
    'SELECT recovery_failures, recovery_lockouts, recovery_locked_until FROM embedded_wallet_secrets WHERE entropy_id = $1',
    [entropyId],
  )
  const r = row!
  return { failures: r.recovery_failures, lockouts: r.recovery_lockouts, lockedUntil: r.recovery_locked_until === null ? null : Number(r.recovery_locked_until) }
}

function expectWrong(res: TestResponse, attemptsRemaining: number, sealed: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403)
  expect(res.body).toEqual({ error: 'Invalid recovery password, please try again.', code: 'invalid_credentials', data: { attempts_remaining: attemptsRemaining } })
  expect(JSON.stringify(res.body)).not.toContain(sealed)
}

function expectLocked(res: TestResponse, sealed: string): number {
  expect(res.status, JSON.stringify(res.body)).toBe(429)
  expect(res.body.code).toBe('too_many_requests')
  expect(JSON.stringify(res.body)).not.toContain(sealed)
  const seconds = res.body.data.retry_after as number
  expect(res.headers.get('retry-after')).toBe(String(seconds))
  return seconds
}

/** Presents `n` wrong verifiers one after the other and answers the last response. */
async function wrongTimes(user: AuthenticatedUser, address: string, n: number): Promise<TestResponse> {
  let last: TestResponse | undefined
  for (let i = 0; i < n; i++) last = await present(user, address, b64(32))
  return last!
}

describe('releasing a password wallet’s recovery share', () => {
  it('releases the encrypted share for the right verifier', async () => {
    const { user, w, verifier, sealed } = await passwordWallet(solanaWallet())
    const res = await present(user, w.address, verifier)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(RecoveryShareResponse, res.body)).toBe(true)
    expect(res.body).toEqual({ encrypted_recovery_share: sealed, entropy_id: w.address, entropy_id_verifier: 'solana-address-verifier', kind: 'hd', version: 1 })
    expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
  })

  it('keeps only a sealed hash of the verifier, and no other route hands out the share or the verifier', async () => {
    const { user, w, verifier, sealed } = await passwordWallet()
    const [row] = await t.db.query<{ recovery_verifier: string }>('SELECT recovery_verifier FROM embedded_wallet_secrets WHERE entropy_id = $1', [w.address])
    expect(row!.recovery_verifier).toMatch(/^portico:enc:v1:/)
    expect(row!.recovery_verifier).not.toContain(verifier)
    const answers = [
      await t.request(keyMaterialPath(w.address), { token: user.token!, body: {} }),
      await t.request(SHARES, { token: user.token!, body: { entropy_id: w.address } }),
      // The export's auth share: a fresh login, and still no recovery share.
      await t.request(SHARES, { token: user.token!, body: { entropy_id: w.address, purpose: 'export' } }),
      await t.request('/api/v1/users/me', { token: user.token! }),
    ]
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(JSON.stringify(res.body)).not.toContain(sealed)
      expect(JSON.stringify(res.body)).not.toContain(verifier)
    }
  })

  it('refuses a wrong verifier without releasing the share, saying how many tries are left', async () => {
    const { user, w, sealed } = await passwordWallet()
    expectWrong(await present(user, w.address, b64(32)), maxFailures - 1, sealed)
    expectWrong(await present(user, w.address, b64(32)), maxFailures - 2, sealed)
    expect(await counts(w.address)).toMatchObject({ failures: 2, lockedUntil: null })
  })

  it("refuses another user's token as a wallet that does not exist, even with the right verifier, and counts nothing", async () => {
    const { user, w, verifier, sealed } = await passwordWallet()
    const intruder = await login()
    for (const guess of [verifier, b64(32)]) {
      const res = await present(intruder, w.address, guess)
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('linked_account_not_found')
      expect(JSON.stringify(res.body)).not.toContain(sealed)
    }
    expect((await present(intruder, w.address, b64(32))).status).toBe(404)
    expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
    expect((await present(user, w.address, verifier)).status).toBe(200)
  })

  it('counts 200 parallel wrong verifiers exactly: the first ones are refused one by one, then recovery is locked once', async () => {
    const { user, w, verifier, sealed } = await passwordWallet()
    const before = t.clock.now()
    const answers = await Promise.all(Array.from({ length: 200 }, () => present(user, w.address, b64(32))))
    const after = t.clock.now()
    const wrong = answers.filter((a) => a.status === 403)
    const locked = answers.filter((a) => a.status === 429)
    expect(wrong.length + locked.length).toBe(200)
    // Each count from maxFailures - 1 down to 1 was answered exactly once.
    expect(wrong.map((a) => a.body.data.attempts_remaining as number).sort()).toEqual(Array.from({ length: maxFailures - 1 }, (_, i) => i + 1))
    expect(locked).toHaveLength(200 - (maxFailures - 1))
    for (const a of locked) {
      const seconds = expectLocked(a, sealed)
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(lockoutMs / 1000)
    }
    // One lockout, of the first length, not one per locked answer.
    const c = await counts(w.address)
    expect(c).toMatchObject({ failures: 0, lockouts: 1 })
    expect(c.lockedUntil).toBeGreaterThanOrEqual(before + lockoutMs)
    expect(c.lockedUntil).toBeLessThanOrEqual(after + lockoutMs)
    // Locked means locked: the right verifier gets nothing either, and does not extend the lockout.
    expectLocked(await present(user, w.address, verifier), sealed)
    expect(await counts(w.address)).toEqual(c)
  })

  it('starts the count afresh after a right verifier', async () => {
    const { user, w, verifier, sealed } = await passwordWallet()
    await wrongTimes(user, w.address, maxFailures - 1)
    expect((await present(user, w.address, verifier)).status).toBe(200)
    expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
    expectWrong(await wrongTimes(user, w.address, maxFailures - 1), 1, sealed)
  })

  it("ends a lockout with the server's clock, doubles the next one, and a right verifier then resets both", async () => {
    const { user, w, verifier, sealed } = await passwordWallet()
    try {
      expect(expectLocked(await wrongTimes(user, w.address, maxFailures), sealed)).toBe(lockoutMs / 1000)
      t.clock.advance(lockoutMs - 60_000)
      expectLocked(await present(user, w.address, verifier), sealed)
      t.clock.advance(60_000)
      // A new round of tries; its lockout is twice as long.
      expectWrong(await present(user, w.address, b64(32)), maxFailures - 1, sealed)
      expect(expectLocked(await wrongTimes(user, w.address, maxFailures - 1), sealed)).toBe((2 * lockoutMs) / 1000)
      t.clock.advance(2 * lockoutMs)
      expect((await present(user, w.address, verifier)).status).toBe(200)
      expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
      // Doubling stops at the longest lockout.
      await t.db.query('UPDATE embedded_wallet_secrets SET recovery_lockouts = 20 WHERE entropy_id = $1', [w.address])
      expect(expectLocked(await wrongTimes(user, w.address, maxFailures), sealed)).toBe(maxLockoutMs / 1000)
    } finally {
      t.clock.reset()
    }
  })

  it('answers malformed input 400 invalid_data, never 500, and counts none of it', async () => {
    const { user, w, sealed } = await passwordWallet()
    const bodies: unknown[] = [
      {},
      { verifier: '' },
      { verifier: 'not base64!' },
      { verifier: b64(31) },
      { verifier: b64(33) },
      { verifier: 'A'.repeat(4000) },
      { verifier: 42 },
      { verifier: null },
      { verifier: [b64(32)] },
      { verifier: b64(32), extra: true },
      { verifier: b64(32), chain_type: 'bitcoin' },
      { verifier: b64(32), chain_type: 'solana' },
    ]
    for (const body of bodies) {
      const res = await t.request(recoverySharePath(w.address), { token: user.token!, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
      expect(JSON.stringify(res.body)).not.toContain(sealed)
    }
    for (const address of ['0x1234', 'not-an-address', `${w.address}00`]) {
      const res = await present(user, address, b64(32))
      expect(res.status, address).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
    const raw = await t.request(recoverySharePath(w.address), { token: user.token!, rawBody: '{"verifier":', headers: { 'content-type': 'application/json' } })
    expect(raw.status).toBe(400)
    expect((await t.request(recoverySharePath(w.address), { body: { verifier: b64(32) } })).status).toBe(401)
    expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
  })

  it('has nothing to check for an automatic-recovery wallet (400 invalid_request): its share comes with the key material', async () => {
    const user = await login()
    const w = evmWallet()
    await created(user, w)
    const res = await present(user, w.address, b64(32))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_request')
  })
})

describe('storing a password wallet', () => {
  it('refuses a password without a verifier, a verifier of the wrong size, and a v1 share, and stores nothing', async () => {
    const user = await login()
    const w = evmWallet()
    const good = passcodeRecovery()
    const { verifier: _omitted, ...noVerifier } = good as { verifier: string }
    const cases: [unknown, RegExp][] = [
      [noVerifier, /verifier/],
      [{ ...good, verifier: b64(16) }, /verifier/],
      [{ ...good, encrypted_share: sealedShare('v1') }, /v2/],
    ]
    for (const [recovery, message] of cases) {
      const body = await createBody(user, w, { recovery: recovery as never })
      const res = await t.request(CREATE, { token: user.token!, body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
      expect(res.body.error).toMatch(message)
    }
    const rows = await t.db.query('SELECT 1 FROM embedded_wallet_secrets WHERE entropy_id = $1', [w.address])
    expect(rows).toEqual([])
  })

  it('a new password (set recovery) replaces the verifier and lifts a lockout', async () => {
    const { user, w, verifier, sealed } = await passwordWallet()
    expectLocked(await wrongTimes(user, w.address, maxFailures), sealed)
    const fresh = b64(32)
    const body = await setRecoveryBody(user, w, 1, passcodeRecovery(fresh))
    expect((await t.request(RECOVERY, { token: user.token!, body })).status).toBe(200)
    expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
    expectWrong(await present(user, w.address, verifier), maxFailures - 1, sealed)
    const res = await present(user, w.address, fresh)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ encrypted_recovery_share: (body.recovery as { encrypted_share: string }).encrypted_share, version: 2 })
  })
})

describe('password wallets sealed before the guard (v1)', () => {
  /** A password wallet as the server stored it before the guard: a v1 share and no verifier. */
  async function legacyWallet() {
    const { user, w } = await passwordWallet()
    const sealed = sealedShare('v1')
    await t.db.query('UPDATE embedded_wallet_secrets SET encrypted_recovery_share = $2, recovery_verifier = NULL WHERE entropy_id = $1', [w.address, sealed])
    return { user, w, sealed }
  }

  it('keeps handing the v1 share out with the key material, and has no verifier to check', async () => {
    const { user, w, sealed } = await legacyWallet()
    const material = await t.request(keyMaterialPath(w.address), { token: user.token!, body: {} })
    expect(material.status).toBe(200)
    expect(material.body).toMatchObject({ recovery_type: 'user_passcode_derived_recovery_key', encrypted_recovery_share: sealed, recovery_share_version: 'v1' })
    const res = await present(user, w.address, b64(32))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_request')
    expect(await counts(w.address)).toEqual({ failures: 0, lockouts: 0, lockedUntil: null })
  })

  it('is guarded once set recovery stores a v2 share with its verifier (the frame does so after a v1 recovery)', async () => {
    const { user, w, sealed } = await legacyWallet()
    const verifier = b64(32)
    const body = await setRecoveryBody(user, w, 1, passcodeRecovery(verifier))
    expect((await t.request(RECOVERY, { token: user.token!, body })).status).toBe(200)
    const material = await t.request(keyMaterialPath(w.address), { token: user.token!, body: {} })
    expect(material.body).toMatchObject({ encrypted_recovery_share: null, recovery_share_version: 'v2' })
    expect(JSON.stringify(material.body)).not.toContain(sealed)
    expectWrong(await present(user, w.address, b64(32)), maxFailures - 1, sealed)
    expect((await present(user, w.address, verifier)).status).toBe(200)
  })
})
