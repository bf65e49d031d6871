/**
 * The embedded wallet's server half against a real server and database (PGlite, or PostgreSQL with
 * PORTICO_TEST_DATABASE_URL), with real keys: viem accounts for Ethereum, noble ed25519 for Solana.
 * The shares are random bytes of the right size: the server only stores and returns them.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { decodeJwt } from 'jose'
import { User } from '../../kernel/schemas'
import type { AuthenticatedUser } from '../../kernel/wire'
import { generateEncryptionKey, SecretKeyError } from '../../server'
import { createTestInstance, type TestInstance, type TestResponse } from '../../test/support/server'
import { emailServer } from '../email/server'
import { guestServer } from '../guest/server'
import { SIWE_RESOURCE, SIWE_STATEMENT, createSiweMessage } from '../siwe/message'
import { siweServer } from '../siwe/server'
import { siwsServer } from '../siws/server'
import { KeyMaterialResponse, SharesResponse, WalletResponse } from './schemas'
import { embeddedWalletsServer, SOLANA_MAINNET } from './server'
import { walletKeys, walletSealedData } from './server/keys'
import {
  ADD,
  b64,
  CREATE,
  evmWallet,
  keyMaterialPath,
  passcodeRecovery,
  privyRecovery,
  RECOVERY,
  REVOKE,
  sealedShare,
  SHARES,
  solanaWallet,
  walletRequests,
  type TestWallet,
} from './test-wallets'

const ORIGIN = 'http://localhost:5173'

const SHARE_KEY = generateEncryptionKey()
const RECOVERY_KEY = generateEncryptionKey()
const FRAME_JS = '/* the wallet frame */ console.log("frame")'

let t: TestInstance
let frameDir: string
beforeAll(async () => {
  frameDir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
  writeFileSync(join(frameDir, 'frame.js'), FRAME_JS)
  writeFileSync(join(frameDir, 'export.js'), '/* export */')
  writeFileSync(join(frameDir, 'frame.css'), 'body{margin:0}')
  t = await createTestInstance({
    plugins: [
      emailServer(),
      guestServer(),
      siweServer(),
      siwsServer(),
      embeddedWalletsServer({
        shareKeys: SHARE_KEY,
        recoveryKeys: RECOVERY_KEY,
        frameDist: frameDir,
        // The race test sends hundreds of creations for one user.
        createPerUser: { limit: 10_000, windowMs: 60_000 },
      }),
    ],
    app: { allowedOrigins: [ORIGIN], settings: { loginMethods: ['email_auth', 'wallet_auth', 'solana_wallet_auth', 'guest_auth'] } },
  })
})
afterAll(async () => {
  await t?.close()
  rmSync(frameDir, { recursive: true, force: true })
})

const { proof, createBody, create, created, setRecoveryBody } = walletRequests(() => t)

/** Links a wallet key to a user through SIWE (an external wallet's link). */
async function siweLink(user: AuthenticatedUser, w: TestWallet): Promise<TestResponse> {
  const init = await t.request('/api/v1/siwe/init', { token: user.token!, body: { address: w.address } })
  const message = createSiweMessage({
    domain: 'localhost:5173',
    address: w.address,
    statement: SIWE_STATEMENT,
    uri: ORIGIN,
    version: '1',
    chainId: 1,
    nonce: init.body.nonce,
    issuedAt: new Date(t.clock.now()),
    resources: [SIWE_RESOURCE],
  })
  return t.request('/api/v1/siwe/link', {
    token: user.token!,
    body: { message, signature: await w.sign(message), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' },
  })
}

let users = 0
const login = () => t.login(`ew-${++users}-${Date.now()}@example.com`)

const rowsOf = (userId: string) =>
  t.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM embedded_wallet_secrets WHERE user_id = $1) + (SELECT count(*) FROM embedded_wallets WHERE user_id = $1) AS n`,
    [userId.replace('did:privy:', '')],
  )

// --- create -------------------------------------------------------------------------------------

describe('create', () => {
  it('stores an Ethereum wallet proven by its key and lists it in the user as an embedded wallet', async () => {
    const user = await login()
    const w = evmWallet()
    const { res } = await created(user, w)
    expect(v.is(WalletResponse, res.body)).toBe(true)
    expect(res.body.wallet).toMatchObject({
      type: 'wallet',
      id: null,
      address: w.address,
      chain_id: 'eip155:1',
      chain_type: 'ethereum',
      wallet_client: 'privy',
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      wallet_index: 0,
      delegated: false,
      imported: false,
      recovery_method: 'privy',
    })
    expect(res.body.user.linked_accounts).toContainEqual(res.body.wallet)
    const me = await t.request('/api/v1/users/me', { token: user.token! })
    expect(me.body.user.linked_accounts).toContainEqual(expect.objectContaining({ address: w.address, connector_type: 'embedded' }))
  })

  it('stores a Solana wallet proven by its ed25519 key, with its public key and the Solana mainnet chain', async () => {
    const user = await login()
    const w = solanaWallet()
    const { res } = await created(user, w, { recovery: passcodeRecovery() })
    expect(res.body.wallet).toMatchObject({
      address: w.address,
      chain_type: 'solana',
      chain_id: SOLANA_MAINNET,
      public_key: w.address,
      recovery_method: 'user-passcode',
      connector_type: 'embedded',
    })
  })

  it('puts the embedded wallet in the identity token', async () => {
    const user = await login()
    const w = evmWallet()
    await created(user, w)
    const me = await t.request('/api/v1/users/me', { token: user.token! })
    const claims = JSON.parse(decodeJwt(me.body.identity_token).linked_accounts as string) as Record<string, unknown>[]
    expect(claims).toContainEqual(expect.objectContaining({ type: 'wallet', address: w.address, connector_type: 'embedded', wallet_client_type: 'privy' }))
  })

  it('keeps the auth share and the recovery key sealed in the database, each bound to its secret', async () => {
    const user = await login()
    const w = evmWallet()
    const { body } = await created(user, w)
    const [row] = await t.db.query<{ auth_share: string; recovery_key: string }>(
      'SELECT auth_share, recovery_key FROM embedded_wallet_secrets WHERE entropy_id = $1',
      [w.address],
    )
    const recovery = body.recovery as { recovery_key: string }
    expect(row!.auth_share).toMatch(/^portico:enc:v1:/)
    expect(row!.auth_share).not.toContain(body.auth_share)
    expect(row!.recovery_key).toMatch(/^portico:enc:v1:/)
    expect(row!.recovery_key).not.toContain(recovery.recovery_key)
    // Sealed under two different keys, and for this user and secret only.
    expect(row!.auth_share.split(':')[3]).not.toBe(row!.recovery_key.split(':')[3])
    const keys = walletKeys(SHARE_KEY, RECOVERY_KEY)!
    const place = { appId: t.appId, userId: user.user.id.replace('did:privy:', ''), entropyId: w.address }
    expect(keys.open('auth_share', row!.auth_share, place)).toBe(body.auth_share)
    expect(() => keys.open('auth_share', row!.auth_share, { ...place, userId: 'someone-else' })).toThrow(SecretKeyError)
    expect(() => keys.open('recovery_key', row!.auth_share, place)).toThrow(SecretKeyError)
  })

  it('refuses a proof signed by another key, over other shares, or naming another user, and stores nothing', async () => {
    const user = await login()
    const other = await login()
    const w = evmWallet()
    const refusals = [
      await create(user, w, { signer: evmWallet() }),
      await create(user, w, { proofUser: other.user.id }),
      await t.request(CREATE, { token: user.token!, body: { ...(await createBody(user, w)), auth_share: b64(17) } }),
      await t.request(CREATE, { token: user.token!, body: { ...(await createBody(user, w)), recovery: privyRecovery() } }),
    ]
    const s = solanaWallet()
    refusals.push(await create(user, s, { signer: solanaWallet() }))
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
      expect(res.body.error).toMatch(/proof/)
    }
    expect(Number((await rowsOf(user.user.id))[0]!.n)).toBe(0)
  })

  it("refuses another user's proof sent with that user's body", async () => {
    const victim = await login()
    const attacker = await login()
    const w = evmWallet()
    // The body the victim's frame signed, replayed with the attacker's token.
    const res = await t.request(CREATE, { token: attacker.token!, body: await createBody(victim, w) })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
    expect(Number((await rowsOf(attacker.user.id))[0]!.n)).toBe(0)
  })

  it('refuses an entropy id that is not the created wallet, a verifier of another chain, and shares of the wrong size', async () => {
    const user = await login()
    const w = evmWallet()
    const other = evmWallet()
    const cases: [Record<string, unknown>, RegExp][] = [
      [await createBody(user, w, { entropyId: other.address }), /entropy_id/],
      [{ ...(await createBody(user, w)), entropy_id_verifier: 'solana-address-verifier' }, /entropy_id_verifier/],
      [await createBody(user, w, { authShare: b64(33) }), /auth_share/],
      [await createBody(user, w, { recovery: { method: 'privy', encrypted_share: sealedShare(), recovery_key: b64(16) } }), /recovery_key/],
      [{ ...(await createBody(user, w)), chain_type: 'solana' }, /Solana address/],
    ]
    for (const [body, message] of cases) {
      const res = await t.request(CREATE, { token: user.token!, body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
      expect(res.body.error).toMatch(message)
    }
    expect(Number((await rowsOf(user.user.id))[0]!.n)).toBe(0)
  })

  it('needs a live session', async () => {
    const user = await login()
    const body = await createBody(user, evmWallet())
    const none = await t.request(CREATE, { body })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('missing_or_invalid_token')
    const forged = await t.request(CREATE, { body, token: `${user.token!.slice(0, -4)}AAAA` })
    expect(forged.status).toBe(401)
  })

  it('leaves exactly one wallet when 200 creations for one user and chain race; the others answer 409 with it', async () => {
    const user = await login()
    const bodies = await Promise.all(Array.from({ length: 200 }, () => createBody(user, evmWallet())))
    const answers = await Promise.all(bodies.map((body) => t.request(CREATE, { token: user.token!, body })))
    const ok = answers.filter((r) => r.status === 200)
    expect(ok).toHaveLength(1)
    const winner = ok[0]!.body.wallet.address as string
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(409)
      expect(r.body).toMatchObject({ code: 'resource_already_exists', data: { address: winner, entropy_id: winner } })
    }
    const uid = user.user.id.replace('did:privy:', '')
    const secrets = await t.db.query('SELECT entropy_id FROM embedded_wallet_secrets WHERE user_id = $1', [uid])
    const wallets = await t.db.query('SELECT address FROM embedded_wallets WHERE user_id = $1', [uid])
    expect(secrets).toEqual([{ entropy_id: winner }])
    expect(wallets).toEqual([{ address: winner }])
    const me = await t.request('/api/v1/users/me', { token: user.token! })
    expect(me.body.user.linked_accounts.filter((a: { type: string }) => a.type === 'wallet')).toHaveLength(1)
  }, 120_000)

  it('answers a repeated creation 409 with the stored wallet, so the frame connects it', async () => {
    const user = await login()
    const w = solanaWallet()
    const { body } = await created(user, w)
    const again = await t.request(CREATE, { token: user.token!, body })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'resource_already_exists', data: { address: w.address, entropy_id: w.address } })
  })

  it("refuses an address another user owns, without naming that user's secret", async () => {
    const first = await login()
    const second = await login()
    const w = evmWallet()
    await created(first, w, { imported: true })
    const res = await create(second, w, { imported: true })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'resource_already_exists', data: { address: w.address, entropy_id: null } })
    expect(Number((await rowsOf(second.user.id))[0]!.n)).toBe(0)
  })

  it('stores an imported key as an imported wallet beside an HD one on the same chain', async () => {
    const user = await login()
    await created(user, evmWallet())
    const imported = evmWallet()
    const { res } = await created(user, imported, { imported: true })
    expect(res.body.wallet).toMatchObject({ address: imported.address, imported: true, wallet_index: 0 })
    const [row] = await t.db.query<{ imported_at: number | null }>('SELECT imported_at FROM embedded_wallets WHERE address = $1', [imported.address])
    expect(row!.imported_at).not.toBeNull()
  })

  it('keeps a guest a guest when it gets a wallet (the wallet is no way to sign in)', async () => {
    const credential = randomBytes(32).toString('base64url')
    const guest = await t.request<AuthenticatedUser>('/api/v1/guest/authenticate', { body: { guest_credential: credential } })
    expect(guest.status).toBe(200)
    const { res } = await created(guest.body, evmWallet())
    expect(res.body.user.is_guest).toBe(true)
    const again = await t.request('/api/v1/guest/authenticate', { body: { guest_credential: credential } })
    expect(again.status).toBe(200)
    expect(again.body.user.id).toBe(guest.body.user.id)
  })
})

// --- add ----------------------------------------------------------------------------------------

describe('add', () => {
  async function addBody(user: AuthenticatedUser, first: TestWallet, w: TestWallet, index: number) {
    return {
      entropy_id: first.address,
      chain_type: w.chain,
      wallet_index: index,
      address: w.address,
      proof: await proof(w, { action: 'add', userId: user.user.id, address: w.address, entropyId: first.address, digest: '', version: 0 }),
    }
  }

  it('adds HD wallets of a stored secret on either chain, each proven by its own key', async () => {
    const user = await login()
    const first = evmWallet()
    await created(user, first, { recovery: passcodeRecovery() })
    const second = evmWallet()
    const eth = await t.request(ADD, { token: user.token!, body: await addBody(user, first, second, 1) })
    expect(eth.status, JSON.stringify(eth.body)).toBe(200)
    expect(eth.body.wallet).toMatchObject({ address: second.address, wallet_index: 1, recovery_method: 'user-passcode', imported: false })
    const sol = solanaWallet()
    const solana = await t.request(ADD, { token: user.token!, body: await addBody(user, first, sol, 0) })
    expect(solana.status, JSON.stringify(solana.body)).toBe(200)
    const shares = await t.request(SHARES, { token: user.token!, body: { entropy_id: first.address } })
    expect(shares.body.wallets).toEqual([
      { address: first.address, chain_type: 'ethereum', wallet_index: 0, imported: false },
      { address: second.address, chain_type: 'ethereum', wallet_index: 1, imported: false },
      { address: sol.address, chain_type: 'solana', wallet_index: 0, imported: false },
    ])
  })

  it("refuses another user's secret as one that does not exist", async () => {
    const owner = await login()
    const intruder = await login()
    const first = evmWallet()
    await created(owner, first)
    const theirs = await t.request(ADD, { token: intruder.token!, body: await addBody(intruder, first, evmWallet(), 1) })
    const unknown = await t.request(ADD, { token: intruder.token!, body: await addBody(intruder, evmWallet(), evmWallet(), 1) })
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('linked_account_not_found')
    expect(theirs.body).toEqual(unknown.body)
    expect(Number((await rowsOf(intruder.user.id))[0]!.n)).toBe(0)
  })

  it('refuses an index already taken (409), a proof by another key, and deriving from an imported key', async () => {
    const user = await login()
    const first = evmWallet()
    await created(user, first)
    const taken = await t.request(ADD, { token: user.token!, body: await addBody(user, first, evmWallet(), 0) })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ code: 'resource_already_exists', data: { address: first.address, entropy_id: first.address } })
    const w = evmWallet()
    const forged = await t.request(ADD, { token: user.token!, body: { ...(await addBody(user, first, w, 2)), proof: await evmWallet().sign('x') } })
    expect(forged.status).toBe(400)
    const imported = evmWallet()
    await created(user, imported, { imported: true })
    const fromImported = await t.request(ADD, { token: user.token!, body: await addBody(user, imported, evmWallet(), 3) })
    expect(fromImported.status).toBe(400)
    expect(fromImported.body.error).toMatch(/imported/)
  })
})

// --- shares -------------------------------------------------------------------------------------

describe('shares', () => {
  it('answers the owner the auth share it stored, with the secret and its wallets', async () => {
    const user = await login()
    const w = solanaWallet()
    const { body } = await created(user, w)
    const res = await t.request(SHARES, { token: user.token!, body: { entropy_id: w.address } })
    expect(res.status).toBe(200)
    expect(v.is(SharesResponse, res.body)).toBe(true)
    expect(res.body).toEqual({
      entropy_id: w.address,
      entropy_id_verifier: 'solana-address-verifier',
      kind: 'hd',
      auth_share: body.auth_share,
      recovery_method: 'privy',
      version: 1,
      wallets: [{ address: w.address, chain_type: 'solana', wallet_index: 0, imported: false }],
    })
  })

  it("never gives another user's auth share: their token gets the answer of a secret that does not exist", async () => {
    const owner = await login()
    const intruder = await login()
    const w = evmWallet()
    await created(owner, w)
    const theirs = await t.request(SHARES, { token: intruder.token!, body: { entropy_id: w.address } })
    const unknown = await t.request(SHARES, { token: intruder.token!, body: { entropy_id: evmWallet().address } })
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual(unknown.body)
    const none = await t.request(SHARES, { body: { entropy_id: w.address } })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('missing_or_invalid_token')
  })

  it('releases a share for export only after a recent login, and records the export', async () => {
    const user = await login()
    const w = evmWallet()
    await created(user, w)
    const exportedAt = async () =>
      (await t.db.query<{ exported_at: number | null }>('SELECT exported_at FROM embedded_wallet_secrets WHERE entropy_id = $1', [w.address]))[0]!
        .exported_at
    const before = t.clock.now()
    const fresh = await t.request(SHARES, { token: user.token!, body: { entropy_id: w.address, purpose: 'export' } })
    expect(fresh.status).toBe(200)
    expect(Number(await exportedAt())).toBeGreaterThanOrEqual(before)
    expect(Number(await exportedAt())).toBeLessThanOrEqual(t.clock.now())

    await t.db.query('UPDATE embedded_wallet_secrets SET exported_at = NULL WHERE entropy_id = $1', [w.address])
    t.clock.advance(11 * 60 * 1000)
    const stale = await t.request(SHARES, { token: user.token!, body: { entropy_id: w.address, purpose: 'export' } })
    expect(stale.status).toBe(403)
    expect(stale.body.code).toBe('reauthentication_required')
    expect(await exportedAt()).toBeNull()
    // Everyday use needs no recent login.
    expect((await t.request(SHARES, { token: user.token!, body: { entropy_id: w.address } })).status).toBe(200)
  })
})

// --- key material -------------------------------------------------------------------------------

describe('key material', () => {
  it('answers the automatic-recovery key and the encrypted share of a privy wallet', async () => {
    const user = await login()
    const w = evmWallet()
    const { body } = await created(user, w)
    const res = await t.request(keyMaterialPath(w.address), { token: user.token!, body: {} })
    expect(res.status).toBe(200)
    expect(v.is(KeyMaterialResponse, res.body)).toBe(true)
    const recovery = body.recovery as { encrypted_share: string; recovery_key: string }
    expect(res.body).toEqual({
      recovery_type: 'privy_generated_recovery_key',
      recovery_key_derivation_salt: null,
      recovery_code: null,
      recovery_key: recovery.recovery_key,
      file_id: null,
      icloud_record_name: null,
      encrypted_recovery_share: recovery.encrypted_share,
      recovery_share_version: 'v2',
      entropy_id: w.address,
      entropy_id_verifier: 'ethereum-address-verifier',
      kind: 'hd',
      version: 1,
    })
  })

  it("answers a password wallet's salt and format version, without key or encrypted share, for any of the secret's wallets (lowercase address too)", async () => {
    const user = await login()
    const w = evmWallet()
    const { body } = await created(user, w, { recovery: passcodeRecovery() })
    const res = await t.request(keyMaterialPath(w.address.toLowerCase()), { token: user.token!, body: { chain_type: 'ethereum' } })
    expect(res.status).toBe(200)
    expect(v.is(KeyMaterialResponse, res.body)).toBe(true)
    const recovery = body.recovery as { encrypted_share: string; salt: string }
    expect(res.body).toMatchObject({
      recovery_type: 'user_passcode_derived_recovery_key',
      recovery_key_derivation_salt: recovery.salt,
      recovery_key: null,
      encrypted_recovery_share: null,
      recovery_share_version: 'v2',
    })
    expect(JSON.stringify(res.body)).not.toContain(recovery.encrypted_share)
  })

  it("gives nothing of another user's wallet, refuses a malformed address, and limits calls per user", async () => {
    const owner = await login()
    const intruder = await login()
    const w = solanaWallet()
    await created(owner, w)
    const theirs = await t.request(keyMaterialPath(w.address), { token: intruder.token!, body: {} })
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('linked_account_not_found')
    const bad = await t.request(keyMaterialPath('0x1234'), { token: owner.token!, body: {} })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('invalid_data')
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await t.request(keyMaterialPath(w.address), { token: owner.token!, body: {} })).status)
    expect(statuses).toEqual([...Array.from({ length: 30 }, () => 200), 429])
  })
})

// --- set recovery -------------------------------------------------------------------------------

describe('set recovery', () => {
  it("replaces the shares with the first wallet's proof, bumps the version and shows the new method on every wallet", async () => {
    const user = await login()
    const first = evmWallet()
    await created(user, first)
    const body = await setRecoveryBody(user, first, 1)
    const res = await t.request(RECOVERY, { token: user.token!, body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts).toContainEqual(expect.objectContaining({ address: first.address, recovery_method: 'user-passcode' }))
    const shares = await t.request(SHARES, { token: user.token!, body: { entropy_id: first.address } })
    expect(shares.body).toMatchObject({ version: 2, auth_share: body.auth_share, recovery_method: 'user-passcode' })
    const material = await t.request(keyMaterialPath(first.address), { token: user.token!, body: {} })
    expect(material.body).toMatchObject({ recovery_key: null, recovery_key_derivation_salt: (body.recovery as { salt: string }).salt })
    const [row] = await t.db.query<{ recovery_key: string | null }>('SELECT recovery_key FROM embedded_wallet_secrets WHERE entropy_id = $1', [first.address])
    expect(row!.recovery_key).toBeNull()
  })

  it('answers 409 resource_conflict for a stale version, and a replayed proof changes nothing', async () => {
    const user = await login()
    const first = solanaWallet()
    await created(user, first)
    const body = await setRecoveryBody(user, first, 1)
    expect((await t.request(RECOVERY, { token: user.token!, body })).status).toBe(200)
    const replay = await t.request(RECOVERY, { token: user.token!, body })
    expect(replay.status).toBe(409)
    expect(replay.body.code).toBe('resource_conflict')
    const shares = await t.request(SHARES, { token: user.token!, body: { entropy_id: first.address } })
    expect(shares.body.version).toBe(2)
  })

  it('lets exactly one of concurrent changes of the same version win', async () => {
    const user = await login()
    const first = evmWallet()
    await created(user, first)
    const bodies = await Promise.all(Array.from({ length: 20 }, () => setRecoveryBody(user, first, 1)))
    const answers = await Promise.all(bodies.map((body) => t.request(RECOVERY, { token: user.token!, body })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'resource_conflict')).toHaveLength(19)
    const winner = bodies[answers.findIndex((a) => a.status === 200)]!
    const shares = await t.request(SHARES, { token: user.token!, body: { entropy_id: first.address } })
    expect(shares.body).toMatchObject({ version: 2, auth_share: winner.auth_share })
  })

  it("refuses a proof by another wallet, and another user's token as a secret that does not exist", async () => {
    const user = await login()
    const intruder = await login()
    const first = evmWallet()
    await created(user, first)
    const forged = await t.request(RECOVERY, { token: user.token!, body: await setRecoveryBody(user, first, 1, passcodeRecovery(), evmWallet()) })
    expect(forged.status).toBe(400)
    expect(forged.body.code).toBe('invalid_data')
    const theirs = await t.request(RECOVERY, { token: intruder.token!, body: await setRecoveryBody(intruder, first, 1) })
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('linked_account_not_found')
    const shares = await t.request(SHARES, { token: user.token!, body: { entropy_id: first.address } })
    expect(shares.body).toMatchObject({ version: 1, recovery_method: 'privy' })
  })
})

// --- linked accounts ----------------------------------------------------------------------------

describe('linked accounts', () => {
  it('refuses to unlink an embedded wallet through the SIWE and SIWS routes', async () => {
    const user = await login()
    const eth = evmWallet()
    const sol = solanaWallet()
    await created(user, eth)
    await created(user, sol)
    const siwe = await t.request('/api/v1/siwe/unlink', { token: user.token!, body: { address: eth.address } })
    expect(siwe.status).toBe(400)
    expect(siwe.body.code).toBe('cannot_unlink_embedded_wallet')
    const siws = await t.request('/api/v1/siws/unlink', { token: user.token!, body: { address: sol.address } })
    expect(siws.status).toBe(400)
    expect(siws.body.code).toBe('cannot_unlink_embedded_wallet')
    const me = await t.request('/api/v1/users/me', { token: user.token! })
    expect(me.body.user.linked_accounts.filter((a: { connector_type?: string }) => a.connector_type === 'embedded')).toHaveLength(2)
  })

  it("does not count an embedded wallet as a way to sign in: the user's only login stays", async () => {
    const email = `ew-sole-${++users}@example.com`
    const user = await t.login(email)
    await created(user, evmWallet())
    const res = await t.request('/api/v1/passwordless/unlink', { token: user.token!, body: { address: email } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_unlink_sole_account')
  })

  it("answers a link of another user's embedded wallet linked_to_another_user, never a transfer offer", async () => {
    const owner = await login()
    const other = await login()
    const w = evmWallet()
    await created(owner, w)
    const res = await siweLink(other, w)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('linked_to_another_user')
    expect(res.body.data).toBeUndefined()
  })

  it("keeps the embedded wallet's entry when its user links the same address through SIWE", async () => {
    const user = await login()
    const w = evmWallet()
    await created(user, w)
    const res = await siweLink(user, w)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.linked_accounts).toContainEqual(expect.objectContaining({ address: w.address, connector_type: 'embedded', wallet_client_type: 'privy' }))
  })

  it("deletes a user's secrets and wallets with the user", async () => {
    const user = await login()
    const first = evmWallet()
    await created(user, first)
    await created(user, solanaWallet())
    expect(Number((await rowsOf(user.user.id))[0]!.n)).toBe(4)
    await t.db.query('DELETE FROM users WHERE id = $1', [user.user.id.replace('did:privy:', '')])
    expect(Number((await rowsOf(user.user.id))[0]!.n)).toBe(0)
  })
})

// --- revoke, origins, settings, keys ------------------------------------------------------------

describe('revoke and origins', () => {
  it('acknowledges a revoke for a signed-in user only', async () => {
    const user = await login()
    const ok = await t.request(REVOKE, { token: user.token!, body: {} })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ message: 'Success' })
    expect((await t.request(REVOKE, { body: {} })).status).toBe(401)
  })

  it("takes the frame's calls from the server's own origin, and still refuses a foreign origin", async () => {
    const user = await login()
    const own = await t.request(REVOKE, { token: user.token!, body: {}, headers: { origin: t.baseUrl } })
    expect(own.status).toBe(200)
    const foreign = await t.request(REVOKE, { token: user.token!, body: {}, headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    expect(foreign.body.code).toBe('invalid_origin')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    // Only the embedded wallet's routes: the core's stay with the app's origins.
    const core = await t.request('/api/v1/users/me', { token: user.token!, headers: { origin: t.baseUrl } })
    expect(core.status).toBe(403)
  })

  it('answers 400 feature_not_enabled on a server without wallet keys', async () => {
    const bare = await createTestInstance({ plugins: [emailServer(), embeddedWalletsServer()] })
    try {
      const user = await bare.login('bare@example.com')
      const w = evmWallet()
      const body = await createBody(user, w, { appId: bare.appId })
      for (const [path, payload] of [
        [CREATE, body],
        [SHARES, { entropy_id: w.address }],
        [REVOKE, {}],
      ] as const) {
        const res = await bare.request(path, { token: user.token!, body: payload })
        expect(res.status).toBe(400)
        expect(res.body.code).toBe('feature_not_enabled')
        expect(res.body.error).toMatch(/PORTICO_WALLET_SHARE_KEY/)
      }
    } finally {
      await bare.close()
    }
  })
})

describe('settings', () => {
  it("puts the app's embedded wallet settings in the app response", async () => {
    const app = await t.createApp({
      settings: {
        embeddedWallets: {
          createOnLogin: { ethereum: 'users-without-wallets', solana: 'all-users' },
          requireUserOwnedRecoveryOnCreate: true,
          priceDisplay: { primary: 'fiat-currency' },
        },
      },
    })
    const res = await t.request(`/api/v1/apps/${app.id}`, { appId: app.id })
    expect(res.body.embedded_wallet_config).toEqual({
      create_on_login: 'users-without-wallets',
      ethereum: { create_on_login: 'users-without-wallets' },
      solana: { create_on_login: 'all-users' },
      user_owned_recovery_options: ['user-passcode'],
      require_user_owned_recovery_on_create: true,
      show_wallet_uis: true,
      extended_calldata_decoding: false,
      price_display: { primary: 'fiat-currency' },
      mode: 'legacy-embedded-wallets-only',
    })
  })

  it('refuses automatic recovery on create when the app requires a user-owned method, and a method it does not offer', async () => {
    const strict = await t.createApp({ settings: { embeddedWallets: { requireUserOwnedRecoveryOnCreate: true } } })
    const noPassword = await t.createApp({ settings: { embeddedWallets: { userOwnedRecoveryOptions: [] } } })
    for (const [app, recovery] of [
      [strict, privyRecovery()],
      [noPassword, passcodeRecovery()],
    ] as const) {
      const user = await t.login(`ew-settings-${++users}@example.com`, { appId: app.id })
      const res = await t.request(CREATE, { appId: app.id, token: user.token!, body: await createBody(user, evmWallet(), { recovery, appId: app.id }) })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.code).toBe('disallowed_recovery_method')
    }
    // The required method itself is accepted.
    const user = await t.login(`ew-settings-${++users}@example.com`, { appId: strict.id })
    const ok = await t.request(CREATE, { appId: strict.id, token: user.token!, body: await createBody(user, evmWallet(), { recovery: passcodeRecovery(), appId: strict.id }) })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })
})

describe('sealing keys', () => {
  it('refuses to start over secrets sealed with keys it does not have, and rotation reseals them under the new key', async () => {
    const user = await login()
    await created(user, evmWallet())
    // A password wallet: its verifier's hash is sealed under the recovery key too.
    await created(user, solanaWallet(), { recovery: passcodeRecovery() })
    const current = walletSealedData(walletKeys(SHARE_KEY, RECOVERY_KEY))
    await expect(current.check(t.db)).resolves.toBeUndefined()
    await expect(walletSealedData(walletKeys(generateEncryptionKey(), generateEncryptionKey())).check(t.db)).rejects.toThrow(/PORTICO_WALLET_SHARE_KEY/)
    await expect(walletSealedData(null).check(t.db)).rejects.toThrow(SecretKeyError)

    const [newShare, newRecovery] = [generateEncryptionKey(), generateEncryptionKey()]
    const rotating = walletSealedData(walletKeys(`${newShare},${SHARE_KEY}`, `${newRecovery},${RECOVERY_KEY}`))
    expect(await rotating.reseal(t.db)).toBeGreaterThan(0)
    await expect(walletSealedData(walletKeys(newShare, newRecovery)).check(t.db)).resolves.toBeUndefined()
    // Back to the keys the running server has, for the tests that follow.
    expect(await walletSealedData(walletKeys(`${SHARE_KEY},${newShare}`, `${RECOVERY_KEY},${newRecovery}`)).reseal(t.db)).toBeGreaterThan(0)
    await expect(current.check(t.db)).resolves.toBeUndefined()
  })

  it('refuses one key without the other, and the same key twice', () => {
    expect(() => walletKeys(SHARE_KEY, undefined)).toThrow(SecretKeyError)
    expect(() => walletKeys(SHARE_KEY, SHARE_KEY)).toThrow(/different/)
    expect(walletKeys(undefined, '')).toBeNull()
  })
})

// --- the frame pages ----------------------------------------------------------------------------

describe('frame pages', () => {
  it('serves the frame with a strict policy, framed only by the app’s origins, and its script at a hashed path', async () => {
    const res = await fetch(`${t.baseUrl}/apps/${t.appId}/embedded-wallets?caid=${t.appId}`)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).toContain(`frame-ancestors ${ORIGIN};`)
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("form-action 'none'")
    expect(csp).not.toContain('unsafe')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).not.toMatch(/<script>|<style>|style="/)
    const meta = /<meta name="portico-frame" content="([^"]+)">/.exec(html)![1]!
    expect(JSON.parse(meta.replace(/&#34;/g, '"'))).toEqual({ appId: t.appId, allowedOrigins: [ORIGIN], apiBase: t.baseUrl })
    const src = /<script src="([^"]+)">/.exec(html)![1]!
    expect(src).toMatch(/^\/embedded-wallets\/assets\/frame\.[0-9a-f]{16}\.js$/)
    const script = await fetch(t.baseUrl + src)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(script.headers.get('cache-control')).toContain('immutable')
    expect(await script.text()).toBe(FRAME_JS)
    expect((await fetch(`${t.baseUrl}/embedded-wallets/assets/frame.0000000000000000.js`)).status).toBe(404)
  })

  it('serves the export page with its stylesheet, and refuses every parent for an app without origins', async () => {
    const lonely = await t.createApp({ allowedOrigins: [] })
    const res = await fetch(`${t.baseUrl}/apps/${lonely.id}/embedded-wallets/export`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await res.text()
    expect(html).toMatch(/<link rel="stylesheet" href="\/embedded-wallets\/assets\/frame\.[0-9a-f]{16}\.css">/)
    expect(html).toMatch(/<script src="\/embedded-wallets\/assets\/export\.[0-9a-f]{16}\.js">/)
  })

  it('answers 404 for an unknown app', async () => {
    expect((await fetch(`${t.baseUrl}/apps/c00000000000000000000000x/embedded-wallets`)).status).toBe(404)
    expect((await fetch(`${t.baseUrl}/apps/not-an-id/embedded-wallets`)).status).toBe(404)
  })

  it('answers 503 naming the build command until the frame is built, then serves it without a restart', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'portico-frame-empty-'))
    const inst = await createTestInstance({ plugins: [embeddedWalletsServer({ frameDist: empty })] })
    try {
      const before = await fetch(`${inst.baseUrl}/apps/${inst.appId}/embedded-wallets`)
      expect(before.status).toBe(503)
      expect(await before.text()).toMatch(/npm run build:frame/)
      writeFileSync(join(empty, 'frame.js'), '/* built */')
      expect((await fetch(`${inst.baseUrl}/apps/${inst.appId}/embedded-wallets`)).status).toBe(200)
    } finally {
      await inst.close()
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
