/**
 * The passkey MFA method on a real server and database, with software authenticators (real P-256
 * keys and WebAuthn encodings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { MFA_TOKEN_HEADER } from '../mfa/server'
import { passkeyServer } from '../passkey/server'
import { createSoftAuthenticator } from '../passkey/soft-authenticator'
import { mfaPasskeyServer } from './server'

const ORIGIN = 'http://localhost:5173'
const INIT = '/api/v1/mfa/passkeys/init'
const VERIFY = '/api/v1/mfa/passkeys/verify'
const ENROLLMENT = '/api/v1/mfa/passkeys/enrollment'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), passkeyServer({ initPerIp: { limit: 10_000, windowMs: 60_000 } }), mfaPasskeyServer()],
    app: { allowedOrigins: [ORIGIN], settings: { loginMethods: ['email_auth', 'passkey_auth'] } },
  })
})
afterAll(async () => {
  await t?.close()
})

type Authenticator = ReturnType<typeof createSoftAuthenticator>
const post = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
  t.request(path, { body, token, headers: { origin: ORIGIN, ...headers } })

let seq = 0
/** A signed-in user with `n` passkeys linked, each on its own authenticator. */
async function userWithPasskeys(n = 1) {
  const auth = await t.login(`mfa-passkey-${++seq}-${Date.now()}@example.com`)
  const token = auth.token!
  const keys: { id: string; authenticator: Authenticator }[] = []
  for (let i = 0; i < n; i++) {
    const authenticator = createSoftAuthenticator()
    const init = await post('/api/v1/passkeys/link/init', {}, token)
    const res = await post('/api/v1/passkeys/link', { authenticator_response: authenticator.create(init.body.options, { origin: ORIGIN }) }, token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const ids = res.body.linked_accounts.filter((a: { type: string }) => a.type === 'passkey').map((a: { credential_id: string }) => a.credential_id)
    keys.push({ id: ids.find((id: string) => !keys.some((k) => k.id === id)), authenticator })
  }
  return { token, keys }
}

/** Asks for an assertion and answers it with `authenticator`. */
async function assertion(token: string, authenticator: Authenticator) {
  const init = await post(INIT, {}, token)
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  return authenticator.get(init.body.options, { origin: ORIGIN })
}

async function mfaToken(token: string, authenticator: Authenticator): Promise<string> {
  const res = await post(VERIFY, { authenticator_response: await assertion(token, authenticator) }, token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.token as string
}

const me = async (token: string) => (await t.request('/api/v1/users/me', { token })).body.user

describe('passkey MFA enrolment', () => {
  it('marks the enrolled passkeys enrolled_in_mfa and lists passkey among the methods', async () => {
    const { token, keys } = await userWithPasskeys(2)
    const res = await post(ENROLLMENT, { credential_ids: [keys[0]!.id] }, token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({})
    const user = await me(token)
    expect(user.mfa_methods).toEqual([{ type: 'passkey', verified_at: expect.any(Number) }])
    const flags = Object.fromEntries(
      user.linked_accounts.filter((a: { type: string }) => a.type === 'passkey').map((a: { credential_id: string; enrolled_in_mfa: boolean }) => [a.credential_id, a.enrolled_in_mfa]),
    )
    expect(flags).toEqual({ [keys[0]!.id]: true, [keys[1]!.id]: false })
  })

  it('refuses to unlink a passkey enrolled in MFA', async () => {
    const { token, keys } = await userWithPasskeys()
    await post(ENROLLMENT, { credential_ids: [keys[0]!.id] }, token)
    const res = await post('/api/v1/passkeys/unlink', { credential_id: keys[0]!.id, remove_as_mfa: true }, token)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Cannot unlink a passkey enrolled in MFA')
  })

  it("refuses another user's passkey", async () => {
    const a = await userWithPasskeys()
    const b = await userWithPasskeys()
    const res = await post(ENROLLMENT, { credential_ids: [a.keys[0]!.id] }, b.token)
    expect(res.status).toBe(404)
    expect((await me(a.token)).mfa_methods).toEqual([])
  })

  it('changes and removal need a prior verification; removal frees the passkey to be unlinked', async () => {
    const { token, keys } = await userWithPasskeys(2)
    await post(ENROLLMENT, { credential_ids: [keys[0]!.id] }, token)
    const without = await post(ENROLLMENT, { credential_ids: [] }, token)
    expect(without.body.code).toBe('missing_or_invalid_mfa')
    const both = await post(ENROLLMENT, { credential_ids: [keys[0]!.id, keys[1]!.id] }, token, { [MFA_TOKEN_HEADER]: await mfaToken(token, keys[0]!.authenticator) })
    expect(both.status, JSON.stringify(both.body)).toBe(200)
    const removed = await post(ENROLLMENT, { credential_ids: [] }, token, { [MFA_TOKEN_HEADER]: await mfaToken(token, keys[1]!.authenticator) })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await me(token)).mfa_methods).toEqual([])
    const unlink = await post('/api/v1/passkeys/unlink', { credential_id: keys[0]!.id }, token)
    expect(unlink.status, JSON.stringify(unlink.body)).toBe(200)
  })
})

describe('passkey MFA verification', () => {
  it('an assertion of an enrolled passkey answers an MFA token, once', async () => {
    const { token, keys } = await userWithPasskeys()
    await post(ENROLLMENT, { credential_ids: [keys[0]!.id] }, token)
    const answer = await assertion(token, keys[0]!.authenticator)
    const res = await post(VERIFY, { authenticator_response: answer }, token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const replay = await post(VERIFY, { authenticator_response: answer }, token)
    expect(replay.status).toBe(403)
    expect(replay.body.code).toBe('missing_or_invalid_mfa')
  })

  it('refuses a passkey not enrolled in MFA, and another user\'s challenge', async () => {
    const { token, keys } = await userWithPasskeys(2)
    await post(ENROLLMENT, { credential_ids: [keys[0]!.id] }, token)
    // The second passkey answers the challenge: it is the user's, but not an MFA passkey.
    const init = await post(INIT, {}, token)
    const options = { ...init.body.options, allow_credentials: undefined }
    const other = keys[1]!.authenticator.get(options, { origin: ORIGIN })
    expect((await post(VERIFY, { authenticator_response: other }, token)).body.code).toBe('missing_or_invalid_mfa')

    const b = await userWithPasskeys()
    await post(ENROLLMENT, { credential_ids: [b.keys[0]!.id] }, b.token)
    const bAnswer = await assertion(b.token, b.keys[0]!.authenticator)
    expect((await post(VERIFY, { authenticator_response: bAnswer }, token)).body.code).toBe('missing_or_invalid_mfa')
  })

  it('answers missing_mfa_enrollment without an enrolled passkey', async () => {
    const { token } = await userWithPasskeys()
    expect((await post(INIT, {}, token)).body.code).toBe('missing_mfa_enrollment')
  })

  it('mfa_auth verify answers {success} without a token', async () => {
    const { token, keys } = await userWithPasskeys()
    await post(ENROLLMENT, { credential_ids: [keys[0]!.id] }, token)
    const init = await post('/api/v1/mfa_auth/passkeys/init', {}, token)
    const res = await post('/api/v1/mfa_auth/passkeys/verify', { authenticator_response: keys[0]!.authenticator.get(init.body.options, { origin: ORIGIN }) }, token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ success: true })
  })
})
