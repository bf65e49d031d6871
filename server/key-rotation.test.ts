import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { createTestDb, secondProcessDb } from '../test/support/test-db'
import { main } from './cli/portico'
import { createSecretBox, generateEncryptionKey } from './secrets'
import { ACCESS_TOKEN_TTL_MS, JWKS_MAX_AGE_MS, TOKEN_ISSUER, verifyAccessToken } from './tokens'

const ADMIN_KEY = 'admin-key-for-key-rotation-0123456789'
const engine = process.env.PORTICO_TEST_DATABASE_URL ? 'postgres' : 'pglite'

describe(`signing-key rotation (${engine})`, () => {
  let t: TestInstance
  beforeAll(async () => {
    // Sealed at rest, as in production.
    t = await createTestInstance({ adminKey: ADMIN_KEY, db: await createTestDb({ secrets: createSecretBox(generateEncryptionKey()) }) })
  })
  afterAll(() => t?.close())

  /** The admin CLI against this server. */
  async function cli(...args: string[]) {
    const out: string[] = []
    const err: string[] = []
    const code = await main(['apps', 'keys', ...args], {
      out: (s) => out.push(s),
      err: (s) => err.push(s),
      env: { PORTICO_API_URL: t.baseUrl, PORTICO_ADMIN_KEY: ADMIN_KEY },
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }
  const jwks = async (appId: string) => (await t.request(`/api/v1/apps/${appId}/jwks.json`)).body as JSONWebKeySet
  const kidOf = (token: string) => decodeProtectedHeader(token).kid
  const me = (appId: string, token: string) => t.request('/api/v1/users/me', { appId, token })
  /** Verifies as a host backend does, with a stock JWT library and the app's JWKS. */
  const hostVerifies = async (appId: string, token: string) => {
    try {
      await jwtVerify(token, createLocalJWKSet(await jwks(appId)), { issuer: TOKEN_ISSUER, audience: appId, currentDate: new Date(t.clock.now()) })
      return true
    } catch {
      return false
    }
  }

  it('rotates through the CLI: new tokens use the new key, the JWKS lists both, tokens of the old key still verify', async () => {
    const app = await t.createApp({ name: 'Rotating' })
    const before = await t.login('before@example.com', { appId: app.id })
    const oldKid = kidOf(before.token!)
    expect((await jwks(app.id)).keys.map((k) => k.kid)).toEqual([oldKid])

    const rotated = await cli(app.id, 'rotate')
    expect(rotated.code, rotated.err).toBe(0)
    const listed = await cli(app.id, '--json')
    const keys = (JSON.parse(listed.out) as { keys: { kid: string; status: string }[] }).keys
    expect(keys.map((k) => k.status)).toEqual(['current', 'previous'])
    expect(keys[1]!.kid).toBe(oldKid)
    const newKid = keys[0]!.kid
    expect(newKid).not.toBe(oldKid)
    expect(rotated.out).toContain(`retire ${oldKid}`)

    expect((await jwks(app.id)).keys.map((k) => k.kid)).toEqual([newKid, oldKid])
    const after = await t.login('after@example.com', { appId: app.id })
    expect(kidOf(after.token!)).toBe(newKid)
    expect(kidOf(after.identity_token!)).toBe(newKid)
    // The app response publishes the key that signs now.
    const response = await t.request(`/api/v1/apps/${app.id}`, { appId: app.id })
    await expect(verifyAccessToken(after.token!, { appId: app.id, verificationKey: response.body.verification_key, now: t.clock.now() })).resolves.toBeTruthy()
    for (const token of [before.token!, after.token!]) {
      expect((await me(app.id, token)).status).toBe(200)
      expect(await hostVerifies(app.id, token)).toBe(true)
      // And through the JWKS URL, as `verifyAccessToken` with an API URL fetches it.
      await expect(verifyAccessToken(token, { appId: app.id, apiUrl: t.baseUrl, now: t.clock.now() })).resolves.toMatchObject({ appId: app.id })
    }
  })

  it('a token of the old key verifies until it expires, and not after', async () => {
    const app = await t.createApp({ name: 'Expiring' })
    const before = await t.login('expiring@example.com', { appId: app.id })
    expect((await cli(app.id, 'rotate')).code).toBe(0)
    t.clock.advance(ACCESS_TOKEN_TTL_MS - 60_000)
    expect((await me(app.id, before.token!)).status).toBe(200)
    t.clock.advance(2 * 60_000)
    expect((await me(app.id, before.token!)).status).toBe(401)
    // The session itself lives on: its refresh token gets a token signed with the new key.
    const refreshed = await t.request('/api/v1/sessions', { appId: app.id, body: { refresh_token: before.refresh_token } })
    expect(refreshed.status).toBe(200)
    expect(kidOf(refreshed.body.token)).not.toBe(kidOf(before.token!))
    expect((await me(app.id, refreshed.body.token)).status).toBe(200)
  })

  it('a retired key leaves the JWKS and its tokens stop verifying at once; the current key cannot be retired', async () => {
    const app = await t.createApp({ name: 'Retiring' })
    const before = await t.login('retired@example.com', { appId: app.id })
    const oldKid = kidOf(before.token!)
    expect((await cli(app.id, 'rotate')).code).toBe(0)
    const after = await t.login('kept@example.com', { appId: app.id })

    const current = await cli(app.id, 'retire', kidOf(after.token!)!)
    expect(current.code).toBe(1)
    expect(current.err).toMatch(/rotate first/)
    expect((await cli(app.id, 'retire', 'no-such-kid')).code).toBe(1)

    const retired = await cli(app.id, 'retire', oldKid!)
    expect(retired.code, retired.err).toBe(0)
    expect(retired.out).toMatch(/sign in again/)
    expect((await jwks(app.id)).keys.map((k) => k.kid)).toEqual([kidOf(after.token!)])
    const refused = await me(app.id, before.token!)
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('missing_or_invalid_token')
    expect(await hostVerifies(app.id, before.token!)).toBe(false)
    await expect(verifyAccessToken(before.token!, { appId: app.id, apiUrl: t.baseUrl, now: t.clock.now() })).rejects.toThrow()
    expect((await me(app.id, after.token!)).status).toBe(200)
    // Hosts may cache the JWKS for a minute only, so a retired key leaves their caches soon.
    const res = await t.request(`/api/v1/apps/${app.id}/jwks.json`)
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${JWKS_MAX_AGE_MS / 1000}`)
  })

  it('a second process verifies with the new key and refuses a retired one within a second', async () => {
    const other = await createTestInstance({ db: await secondProcessDb(t.db), secret: t.secret })
    try {
      const app = await t.createApp({ name: 'Two processes' })
      const before = await t.login('two@example.com', { appId: app.id })
      expect((await other.request('/api/v1/users/me', { appId: app.id, token: before.token! })).status).toBe(200)
      expect((await cli(app.id, 'rotate')).code).toBe(0)
      const after = await t.login('two-after@example.com', { appId: app.id })
      const waitFor = async (token: string, status: number) => {
        const start = Date.now()
        while ((await other.request('/api/v1/users/me', { appId: app.id, token })).status !== status) {
          expect(Date.now() - start).toBeLessThan(1000)
          await new Promise((r) => setTimeout(r, 20))
        }
      }
      await waitFor(after.token!, 200)
      expect((await cli(app.id, 'retire', kidOf(before.token!)!)).code).toBe(0)
      await waitFor(before.token!, 401)
    } finally {
      await other.close()
    }
  })

  it('raced rotations each keep the key they replace; raced retirements of one key retire it once', async () => {
    const app = await t.createApp({ name: 'Raced' })
    const first = (await cli(app.id, '--json')).out
    const firstKid = (JSON.parse(first) as { keys: { kid: string }[] }).keys[0]!.kid
    const rotate = () => fetch(`${t.baseUrl}/admin/v1/apps/${app.id}/keys/rotate`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    expect((await Promise.all(Array.from({ length: 20 }, rotate))).map((r) => r.status)).toEqual(Array(20).fill(200))
    const kids = (await jwks(app.id)).keys.map((k) => k.kid)
    expect(kids).toHaveLength(21)
    expect(new Set(kids).size).toBe(21)
    expect(kids[20]).toBe(firstKid)
    const retire = () => fetch(`${t.baseUrl}/admin/v1/apps/${app.id}/keys/${firstKid}`, { method: 'DELETE', headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    const statuses = (await Promise.all(Array.from({ length: 10 }, retire))).map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 404)).toHaveLength(9)
    expect((await jwks(app.id)).keys.map((k) => k.kid)).toEqual(kids.slice(0, 20))
  })

  it('keeps the new private key sealed at rest and only the public half of the old one', async () => {
    const app = await t.createApp({ name: 'Sealed' })
    expect((await cli(app.id, 'rotate')).code).toBe(0)
    const [row] = await t.db.query<{ private_jwk: unknown; previous_keys: unknown }>('SELECT private_jwk, previous_keys FROM apps WHERE id = $1', [app.id])
    expect(row!.private_jwk).toMatch(/^portico:enc:v1:/)
    const stored = JSON.stringify(row!.previous_keys)
    expect(stored).toContain('BEGIN PUBLIC KEY')
    expect(stored).not.toMatch(/"d"|PRIVATE/)
  })
})
