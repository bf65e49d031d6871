/**
 * Crash durability: the production server on a data folder is killed with SIGKILL while logins,
 * account transfers and embedded-wallet creations are in flight, restarted on the same folder, and
 * must still have every user, session, admin change, transfer and wallet share it acknowledged
 * before dying, and nothing half-written of what it had not.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionEnv } from '../support/production-env'
import { randomBytes } from 'node:crypto'
import type { AuthenticatedUser } from '../../kernel/wire'
import { evmWallet, SHARES, walletRequests, CREATE } from '../../plugins/embedded-wallets/test-wallets'
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp'
import type { TestInstance } from '../support/server'
import { call, exited, killAll, startServer as startProduction, START_TIMEOUT_MS, waitFor } from './production-server'

const deployment = productionEnv('crash')
const ADMIN_KEY = deployment.PORTICO_ADMIN_KEY

// The embedded database always; PostgreSQL too when the suite runs against one (a fresh schema).
const TEST_DATABASE_URL = process.env.PORTICO_TEST_DATABASE_URL
const SCHEMA = `portico_crash_${Math.random().toString(36).slice(2, 10)}`

let dataDir: string
let smtp: SmtpSink

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portico-crash-'))
  smtp = await startSmtpSink()
  if (TEST_DATABASE_URL) await adminSql(`CREATE SCHEMA ${SCHEMA}`)
})

afterAll(async () => {
  await killAll()
  await smtp?.close()
  rmSync(dataDir, { recursive: true, force: true })
  if (TEST_DATABASE_URL) await adminSql(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
})

async function adminSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** DATABASE_URL for the server: the test database, confined to this file's schema. */
function schemaUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`
}

const env = (engine: Engine) => ({
  ...(engine === 'postgres' ? { DATABASE_URL: schemaUrl(TEST_DATABASE_URL!) } : {}),
  ...deployment,
  PORTICO_DATA_DIR: join(dataDir, engine),
  SMTP_URL: smtp.url,
})

/** Starts `portico serve` as a production host would, and resolves with its URL once it listens. */
type Engine = 'pglite' | 'postgres'
const engines: Engine[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

function startServer(engine: Engine) {
  return startProduction(env(engine))
}

const admin = (base: string, method: string, path: string, body?: unknown) =>
  call<Record<string, unknown>>(base, method, path, body, { authorization: `Bearer ${ADMIN_KEY}` })

interface Login {
  email: string
  userId: string
  refreshToken: string
}

/** Signs a test identity in; resolves only when the server acknowledged the login. */
async function login(base: string, appId: string, email: string, code: string): Promise<Login> {
  const headers = { 'privy-app-id': appId }
  const init = await call(base, 'POST', '/api/v1/passwordless/init', { email }, headers)
  if (init.status !== 200) throw new Error(`init ${init.status}`)
  const auth = await call<{ user: { id: string }; refresh_token: string }>(base, 'POST', '/api/v1/passwordless/authenticate', { email, code }, headers)
  if (auth.status !== 200) throw new Error(`authenticate ${auth.status}`)
  return { email, userId: auth.body.user.id, refreshToken: auth.body.refresh_token }
}

describe.each(engines)('a production server on %s killed with SIGKILL', (engine) => {
  it('keeps every acknowledged user, session and admin change', { timeout: 2 * START_TIMEOUT_MS + 120_000 }, async () => {
    const identities = Array.from({ length: 60 }, (_, i) => ({ email: `crash-${i}@example.com`, code: String(100000 + i) }))
    const first = await startServer(engine)
    const created = await admin(first.url, 'POST', '/admin/v1/apps', { name: 'Crash', test_identities: identities })
    expect(created.status).toBe(200)
    const appId = created.body.id as string

    const acknowledged: Login[] = []
    for (const who of identities.slice(0, 10)) acknowledged.push(await login(first.url, appId, who.email, who.code))
    const changed = await admin(first.url, 'PATCH', `/admin/v1/apps/${appId}`, {
      name: 'Crash renamed',
      settings: { disablePlusEmails: true, captchaSecretKey: 'crash-captcha-secret', otpPerDestination: { limit: 3, windowMs: 60_000 } },
    })
    expect(changed.status).toBe(200)

    // Traffic: logins keep coming, four at a time; the kill lands while some are in flight.
    let next = 10
    let stop = false
    const traffic = Array.from({ length: 4 }, async () => {
      while (!stop && next < identities.length) {
        const who = identities[next++]!
        try {
          acknowledged.push(await login(first.url, appId, who.email, who.code))
        } catch {
          // cut off by the kill: never acknowledged
        }
      }
    })
    await waitFor(() => acknowledged.length >= 20, 60_000, 'logins under traffic')
    first.child.kill('SIGKILL')
    await exited(first.child)
    stop = true
    await Promise.all(traffic)
    expect(first.child.signalCode).toBe('SIGKILL')

    const second = await startServer(engine)
    const app = await admin(second.url, 'GET', `/admin/v1/apps/${appId}`)
    expect(app.status).toBe(200)
    expect(app.body.name).toBe('Crash renamed')
    const settings = app.body.settings as Record<string, unknown>
    expect(settings.disablePlusEmails).toBe(true)
    expect(settings.otpPerDestination).toEqual({ limit: 3, windowMs: 60_000 })
    expect(settings.captchaSecretKey).toBe('cras…') // masked by the admin view, but there

    for (const done of acknowledged) {
      const user = await admin(second.url, 'GET', `/admin/v1/apps/${appId}/users/${done.userId}`)
      expect(user.status, `user of ${done.email}`).toBe(200)
      const refreshed = await call<{ user?: { id: string } }>(second.url, 'POST', '/api/v1/sessions', { refresh_token: done.refreshToken }, { 'privy-app-id': appId })
      expect(refreshed.status, `session of ${done.email}`).toBe(200)
      expect(refreshed.body.user?.id).toBe(done.userId)
    }
    second.child.kill('SIGTERM')
    await exited(second.child)
  })

  it('keeps every acknowledged transfer and wallet share, and leaves none half-written', { timeout: 2 * START_TIMEOUT_MS + 120_000 }, async () => {
    const identities = Array.from({ length: 80 }, (_, i) => ({ email: `moved-${i}@example.com`, code: String(300000 + i) }))
    const first = await startServer(engine)
    const created = await admin(first.url, 'POST', '/admin/v1/apps', {
      name: 'Crash transfers',
      test_identities: identities,
      settings: { loginMethods: ['email_auth', 'guest_auth'] },
    })
    expect(created.status).toBe(200)
    const appId = created.body.id as string
    const headers = (token?: string) => ({ 'privy-app-id': appId, ...(token ? { authorization: `Bearer ${token}` } : {}) })
    // The proofs name the app; the wallet's own key signs them as the frame would.
    const { createBody } = walletRequests(() => ({ appId }) as unknown as TestInstance)

    /** One worker's story: a guest, an email user whose address the guest takes over, then a wallet. */
    interface Unit {
      email: string
      guest?: AuthenticatedUser
      /** The guest's refresh token, as last acknowledged. */
      refreshToken?: string
      emailUserId?: string
      transferSent?: boolean
      transferred?: boolean
      wallet?: { address: string; authShare: string }
      walletCreated?: boolean
    }
    const units: Unit[] = []
    const post = <T>(path: string, body: unknown, token?: string) => call<T>(first.url, 'POST', path, body, headers(token))

    async function story(who: { email: string; code: string }): Promise<void> {
      const unit: Unit = { email: who.email }
      units.push(unit)
      const guest = await post<AuthenticatedUser>('/api/v1/guest/authenticate', { guest_credential: randomBytes(32).toString('base64url') })
      if (guest.status !== 200) throw new Error(`guest ${guest.status}`)
      unit.guest = guest.body
      unit.refreshToken = guest.body.refresh_token!
      const owner = await login(first.url, appId, who.email, who.code)
      unit.emailUserId = owner.userId
      const conflict = await post<{ code: string; data: { nonce: string } }>('/api/v1/passwordless/link', who, guest.body.token!)
      if (conflict.body.code !== 'account_transfer_required') throw new Error(`link ${conflict.status}`)
      unit.transferSent = true
      const moved = await post('/api/v1/passwordless/transfer', { email: who.email, nonce: conflict.body.data.nonce }, guest.body.token!)
      if (moved.status !== 200) throw new Error(`transfer ${moved.status}`)
      unit.transferred = true
      // The guest became a full user: its old access token stopped working; a refresh gives a new one.
      const refreshed = await post<{ token: string; refresh_token: string }>('/api/v1/sessions', { refresh_token: unit.refreshToken })
      if (refreshed.status !== 200) throw new Error(`refresh ${refreshed.status}`)
      unit.refreshToken = refreshed.body.refresh_token
      const body = await createBody(guest.body, evmWallet())
      unit.wallet = { address: body.address, authShare: body.auth_share }
      const wallet = await post(CREATE, body, refreshed.body.token)
      if (wallet.status !== 200) throw new Error(`wallet ${wallet.status}`)
      unit.walletCreated = true
    }

    // Four stories at a time; the kill lands while some are at every step.
    let next = 0
    let stop = false
    const traffic = Array.from({ length: 4 }, async () => {
      while (!stop && next < identities.length) {
        await story(identities[next++]!).catch(() => undefined) // cut off by the kill
      }
    })
    await waitFor(() => units.filter((u) => u.walletCreated).length >= 8, 90_000, 'transfers and wallets under traffic')
    first.child.kill('SIGKILL')
    await exited(first.child)
    stop = true
    await Promise.all(traffic)
    expect(first.child.signalCode).toBe('SIGKILL')

    const second = await startServer(engine)
    const userOf = async (id: string) => {
      const res = await admin(second.url, 'GET', `/admin/v1/apps/${appId}/users/${id}`)
      return res.status === 200 ? (res.body as { linked_accounts: { type: string; address?: string }[] }) : null
    }
    const holds = (user: Awaited<ReturnType<typeof userOf>>, type: string, address: string) =>
      user?.linked_accounts.some((a) => a.type === type && a.address?.toLowerCase() === address.toLowerCase()) ?? false
    expect(units.some((u) => !u.walletCreated)).toBe(true) // the kill did land mid-story

    for (const unit of units) {
      if (!unit.guest) continue
      const guestUser = await userOf(unit.guest.user.id)
      expect(guestUser, `guest of ${unit.email}`).not.toBeNull()
      if (!unit.emailUserId) continue
      const emailUser = await userOf(unit.emailUserId)
      if (unit.transferred) {
        // Acknowledged: the address is the guest's, its old owner is gone.
        expect(holds(guestUser, 'email', unit.email), `transfer of ${unit.email}`).toBe(true)
        expect(emailUser, `old owner of ${unit.email}`).toBeNull()
      } else {
        // Never half-moved: exactly one user holds the address.
        expect(Number(holds(guestUser, 'email', unit.email)) + Number(holds(emailUser, 'email', unit.email)), unit.email).toBe(1)
      }
      if (!unit.wallet) continue
      // The share and the wallet's account come together or not at all; an acknowledged one is there.
      const refreshed = await call<{ token: string }>(second.url, 'POST', '/api/v1/sessions', { refresh_token: unit.refreshToken }, headers())
      expect(refreshed.status, `session of ${unit.email}`).toBe(200)
      const shares = await call<{ auth_share?: string }>(second.url, 'POST', SHARES, { entropy_id: unit.wallet.address }, headers(refreshed.body.token))
      const linked = holds(guestUser, 'wallet', unit.wallet.address)
      if (unit.walletCreated) expect(linked, `wallet of ${unit.email}`).toBe(true)
      expect(shares.status === 200, `share of ${unit.email}: ${shares.status}`).toBe(linked)
      if (linked) expect(shares.body.auth_share).toBe(unit.wallet.authShare)
    }
    second.child.kill('SIGTERM')
    await exited(second.child)
  })
})
