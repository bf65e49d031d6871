import { describe, expect, it } from 'vitest'
import { createTestInstance } from '../../test/support/server'
import { createTestDb, secondProcessDb } from '../../test/support/test-db'
import { serverPlugins } from '../cli/runtime'
import { newId } from '../ids'
import { serverMigrations } from '../server'
import { generateAppKeys, hashRefreshToken, importSigningKey, newRefreshToken, signAccessToken } from '../tokens'
import { runMigrations } from './migrations'

const engine = process.env.PORTICO_TEST_DATABASE_URL ? 'postgres' : 'pglite'

/** Every migration of a server with this repository's plugins, in order. */
const ALL = serverMigrations(serverPlugins({}))
/**
 * The migrations added since the previous release: a database of that release has every other one.
 * Extend it with each new migration; empty it at a release.
 */
const ADDED_SINCE_PREVIOUS_RELEASE = ['core/0003_app_revision', 'core/0004_app_previous_keys']
const PREVIOUS_RELEASE = ALL.filter((m) => !ADDED_SINCE_PREVIOUS_RELEASE.includes(m.id))

describe(`upgrades (${engine})`, () => {
  it('several servers starting together on one empty database apply each migration once', async () => {
    const db = await createTestDb()
    const others = await Promise.all([1, 2, 3].map(() => secondProcessDb(db)))
    try {
      const applied = await Promise.all([db, ...others].map((handle) => runMigrations(handle, ALL)))
      expect(applied.flat().sort()).toEqual(ALL.map((m) => m.id).sort())
      const counts = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM portico_migrations')
      expect(counts[0]!.n).toBe(ALL.length)
    } finally {
      for (const o of others) await o.close()
      await db.close()
    }
  })

  it("migrates a database of the previous release's schema: its app, user, session and tokens keep working", async () => {
    expect(PREVIOUS_RELEASE.length).toBe(ALL.length - ADDED_SINCE_PREVIOUS_RELEASE.length)
    const db = await createTestDb()
    await runMigrations(db, PREVIOUS_RELEASE)
    // Rows as the previous release wrote them, in its columns.
    const now = Date.now()
    const appId = newId()
    const userId = newId()
    const sessionId = newId()
    const keys = await generateAppKeys()
    const refreshToken = newRefreshToken()
    await db.query(
      `INSERT INTO apps (id, name, config, private_jwk, public_pem, allowed_origins, test_identities, created_at)
       VALUES ($1, 'From before', $2, $3, $4, '[]', '[]', $5)`,
      [appId, { loginMethods: ['email_auth'], disablePlusEmails: true }, keys.privateJwk, keys.publicPem, now],
    )
    await db.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, $3)', [userId, appId, now])
    await db.query(
      `INSERT INTO linked_accounts (app_id, user_id, type, identity_key, details, verified_at, first_verified_at, latest_verified_at)
       VALUES ($1, $2, 'email', 'old@example.com', $3, $4, $4, $4)`,
      [appId, userId, { address: 'old@example.com' }, now],
    )
    await db.query(
      `INSERT INTO sessions (id, app_id, user_id, family, created_at, authenticated_at, expires_at, last_used_at)
       VALUES ($1, $2, $3, $1, $4, $4, $5, $4)`,
      [sessionId, appId, userId, now, now + 86_400_000],
    )
    await db.query('INSERT INTO refresh_tokens (hash, session_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      hashRefreshToken(refreshToken),
      sessionId,
      now,
      now + 86_400_000,
    ])
    const accessToken = await signAccessToken(await importSigningKey(keys.privateJwk), { appId, sessionId, userDid: `did:privy:${userId}`, now })

    // The new version starts on it: the server migrates the rest.
    const t = await createTestInstance({ db })
    try {
      const applied = await db.query<{ id: string }>('SELECT id FROM portico_migrations')
      expect(applied.map((r) => r.id).sort()).toEqual(ALL.map((m) => m.id).sort())
      const app = await t.request(`/api/v1/apps/${appId}`, { appId })
      expect(app.body).toMatchObject({ name: 'From before', disable_plus_emails: true, verification_key: keys.publicPem })
      // The token signed before the upgrade still verifies; the refresh token still refreshes.
      const me = await t.request('/api/v1/users/me', { appId, token: accessToken })
      expect(me.status).toBe(200)
      expect(me.body.user.id).toBe(`did:privy:${userId}`)
      const refreshed = await t.request('/api/v1/sessions', { appId, body: { refresh_token: refreshToken } })
      expect(refreshed.status).toBe(200)
      // And the user signs in as themselves.
      const login = await t.login('old@example.com', { appId })
      expect(login.user.id).toBe(`did:privy:${userId}`)
      expect(login.is_new_user).toBe(false)
    } finally {
      await t.close()
    }
  })
})
