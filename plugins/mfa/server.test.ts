/**
 * The MFA core on a real server and database: its tokens (single use, short-lived, bound to the
 * user and the session) and the guard on the embedded wallet's sensitive routes, with the
 * authenticator-app method as the factor (codes computed from the enrolled secret).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthenticatedUser } from '../../kernel/wire'
import { generateEncryptionKey } from '../../server'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { embeddedWalletsServer } from '../embedded-wallets/server'
import { ADD, CREATE, evmWallet, RECOVERY, SHARES, walletRequests } from '../embedded-wallets/test-wallets'
import { mfaTotpServer, totpCode, TOTP_STEP_SECONDS } from '../mfa-totp/server'
import { MFA_TOKEN_HEADER, MFA_TOKEN_TTL_MS } from './server'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [
      emailServer(),
      // The race test asks for one share a hundred times at once.
      embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey(), sharesPerUser: { limit: 10_000, windowMs: 60_000 } }),
      mfaTotpServer(),
    ],
  })
})
afterAll(async () => {
  await t?.close()
})

const { createBody, created, proof, setRecoveryBody } = walletRequests(() => t)

let seq = 0
const email = () => `mfa-${++seq}-${Date.now()}@example.com`
const nextStep = () => t.clock.advance(TOTP_STEP_SECONDS * 1000)
const codeNow = (secret: string) => totpCode(secret, Math.floor(t.clock.now() / 1000 / TOTP_STEP_SECONDS))

/** Enrols TOTP for a signed-in user; answers its secret. */
async function enrolTotp(user: AuthenticatedUser): Promise<string> {
  const init = await t.request('/api/v1/mfa/totp/init', { body: {}, token: user.token! })
  const secret = init.body.totpSecret as string
  const res = await t.request('/api/v1/mfa/totp/enroll', { body: { code: codeNow(secret) }, token: user.token! })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return secret
}

/** A fresh MFA token from a TOTP verification. */
async function mfaToken(user: AuthenticatedUser, secret: string): Promise<string> {
  nextStep()
  const res = await t.request('/api/v1/mfa/totp/verify', { body: { code: codeNow(secret) }, token: user.token! })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.token as string
}

/** A user with an embedded wallet and TOTP enrolled. */
async function protectedUser() {
  const address = email()
  const user = await t.login(address)
  const wallet = evmWallet()
  await created(user, wallet)
  const secret = await enrolTotp(user)
  return { user, wallet, secret, email: address }
}

const shares = (user: AuthenticatedUser, entropyId: string, mfa?: string, purpose?: 'export') =>
  t.request(SHARES, {
    token: user.token!,
    body: { entropy_id: entropyId, ...(purpose ? { purpose } : {}) },
    headers: mfa ? { [MFA_TOKEN_HEADER]: mfa } : {},
  })

describe('the wallet routes without MFA enrolled', () => {
  it('release the auth share without any MFA token', async () => {
    const user = await t.login(email())
    const wallet = evmWallet()
    await created(user, wallet)
    const res = await shares(user, wallet.address)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })
})

describe('the wallet routes once a method is enrolled', () => {
  it('release the auth share only with a fresh MFA token, spent once', async () => {
    const { user, wallet, secret } = await protectedUser()
    const without = await shares(user, wallet.address)
    expect(without.status).toBe(403)
    expect(without.body.code).toBe('missing_or_invalid_mfa')
    const forged = await shares(user, wallet.address, 'A'.repeat(43))
    expect(forged.status).toBe(403)
    expect(forged.body.code).toBe('expired_or_invalid_mfa_token')
    const token = await mfaToken(user, secret)
    const ok = await shares(user, wallet.address, token)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const replay = await shares(user, wallet.address, token)
    expect(replay.body.code).toBe('expired_or_invalid_mfa_token')
  })

  it(`refuse a token older than ${MFA_TOKEN_TTL_MS / 60_000} minutes`, async () => {
    const { user, wallet, secret } = await protectedUser()
    const token = await mfaToken(user, secret)
    t.clock.advance(MFA_TOKEN_TTL_MS)
    const res = await shares(user, wallet.address, token)
    expect(res.body.code).toBe('expired_or_invalid_mfa_token')
  })

  it("refuse another user's token, and the same user's token from another session", async () => {
    const a = await protectedUser()
    const b = await protectedUser()
    const bToken = await mfaToken(b.user, b.secret)
    expect((await shares(a.user, a.wallet.address, bToken)).body.code).toBe('expired_or_invalid_mfa_token')
    // The same user signed in elsewhere: a token of that session is no good in this one.
    const other = await t.login(a.email)
    const otherToken = await mfaToken(other, a.secret)
    expect((await shares(a.user, a.wallet.address, otherToken)).body.code).toBe('expired_or_invalid_mfa_token')
    // Neither was spent by the refusals: each still works where it belongs.
    expect((await shares(b.user, b.wallet.address, bToken)).status).toBe(200)
    expect((await shares(other, a.wallet.address, otherToken)).status).toBe(200)
  })

  it('of 100 parallel uses of one token, exactly one gets the share', async () => {
    const { user, wallet, secret } = await protectedUser()
    const token = await mfaToken(user, secret)
    const results = await Promise.all(Array.from({ length: 100 }, () => shares(user, wallet.address, token)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe('expired_or_invalid_mfa_token')
  })

  it('ask for MFA before an export, an import, a new wallet and a recovery change', async () => {
    const { user, wallet, secret } = await protectedUser()
    expect((await shares(user, wallet.address, undefined, 'export')).body.code).toBe('missing_or_invalid_mfa')
    expect((await shares(user, wallet.address, await mfaToken(user, secret), 'export')).status).toBe(200)

    const imported = evmWallet()
    const importBody = await createBody(user, imported, { imported: true })
    expect((await t.request(CREATE, { token: user.token!, body: importBody })).body.code).toBe('missing_or_invalid_mfa')
    const importOk = await t.request(CREATE, { token: user.token!, body: importBody, headers: { [MFA_TOKEN_HEADER]: await mfaToken(user, secret) } })
    expect(importOk.status, JSON.stringify(importOk.body)).toBe(200)

    const second = evmWallet()
    const addBody = {
      entropy_id: wallet.address,
      chain_type: second.chain,
      wallet_index: 1,
      address: second.address,
      proof: await proof(second, { action: 'add', userId: user.user.id, address: second.address, entropyId: wallet.address, digest: '', version: 0 }),
    }
    expect((await t.request(ADD, { token: user.token!, body: addBody })).body.code).toBe('missing_or_invalid_mfa')
    const addOk = await t.request(ADD, { token: user.token!, body: addBody, headers: { [MFA_TOKEN_HEADER]: await mfaToken(user, secret) } })
    expect(addOk.status, JSON.stringify(addOk.body)).toBe(200)

    const recovery = await setRecoveryBody(user, wallet, 1)
    expect((await t.request(RECOVERY, { token: user.token!, body: recovery })).body.code).toBe('missing_or_invalid_mfa')
    const recoveryOk = await t.request(RECOVERY, { token: user.token!, body: recovery, headers: { [MFA_TOKEN_HEADER]: await mfaToken(user, secret) } })
    expect(recoveryOk.status, JSON.stringify(recoveryOk.body)).toBe(200)
  })
})

describe('adding a method while one is enrolled', () => {
  it('needs a prior verification', async () => {
    const user = await t.login(email())
    const secret = await enrolTotp(user)
    // Enrolling again (a second secret) is refused twice over: no token, and then already enrolled.
    const init = await t.request('/api/v1/mfa/totp/init', { body: {}, token: user.token! })
    const code = codeNow(init.body.totpSecret as string)
    const without = await t.request('/api/v1/mfa/totp/enroll', { body: { code }, token: user.token! })
    expect(without.body.code).toBe('missing_or_invalid_mfa')
    const withToken = await t.request('/api/v1/mfa/totp/enroll', {
      body: { code },
      token: user.token!,
      headers: { [MFA_TOKEN_HEADER]: await mfaToken(user, secret) },
    })
    expect(withToken.body.code).toBe('resource_already_exists')
  })
})

describe('CORS', () => {
  it('lets a page of the app send the MFA token header', async () => {
    const preflight = await t.request(SHARES, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } })
    expect(preflight.headers.get('access-control-allow-headers')).toContain(MFA_TOKEN_HEADER)
  })
})
