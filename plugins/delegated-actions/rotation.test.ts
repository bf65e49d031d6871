/**
 * Rotating `PORTICO_DELEGATION_KEY`: servers of one deployment on one database (PGlite, or the CI's
 * PostgreSQL), restarted with `new,old`, keep signing for wallets delegated under the old key and
 * reseal each to the new key on use (raced, once), or all at once through the sealed-data reseal of
 * `portico keys rotate`; the frame seals to the newest key; a key taken off the list opens nothing.
 */
import { randomBytes } from 'node:crypto'
import { base64urlnopad } from '@scure/base'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../email/server'
import { embeddedWalletsServer } from '../embedded-wallets/server'
import { delegationPublicKey, generateDelegationKey, openDelegatedKey } from '../../protocols/delegation'
import { generateEncryptionKey } from '../../server/index'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { secondProcessDb } from '../../test/support/test-db'
import { frameApi } from '../../wallet-frame/api'
import { createWalletService, type ShareStorage } from '../../wallet-frame/wallets'
import { createWalletApiClient, WalletApiError } from './client'
import { delegatedActionsServer, generateAuthorizationKey } from './server'

const encode = (key: Uint8Array) => base64urlnopad.encode(key)
const OLD = generateDelegationKey()
const NEW = generateDelegationKey()
const authorization = generateAuthorizationKey()
const appSecret = randomBytes(32).toString('base64url')
const walletKeys = { shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey() }

/** The plugins of a server started with these delegation keys. */
const pluginsWith = (delegationKey: string) => [emailServer(), embeddedWalletsServer(walletKeys), delegatedActionsServer({ delegationKey })]

let first: TestInstance
const started: TestInstance[] = []
let counter = 0

beforeAll(async () => {
  first = await createTestInstance({
    app: { settings: { delegatedActions: { appSecret, authorizationKeys: [authorization.publicKey] } } },
    plugins: pluginsWith(encode(OLD.privateKey)),
  })
}, 60_000)
afterAll(async () => {
  for (const t of started) await t.close()
  await first?.close()
})

/** Another server process of the deployment, on the same database, started with these keys. */
async function restartedWith(keys: Uint8Array[]): Promise<TestInstance> {
  const t = await createTestInstance({ db: await secondProcessDb(first.db), secret: first.secret, plugins: pluginsWith(keys.map(encode).join(',')) })
  started.push(t)
  return t
}

const memoryStorage = (): ShareStorage => {
  const map = new Map<string, string>()
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

/**
 * A user who delegates a new wallet through the frame on the server `t` (sealed to its newest key;
 * with `keyFrom`, to the key that server publishes, as a frame that fetched it before a restart).
 */
async function delegatedOn(t: TestInstance, keyFrom?: TestInstance) {
  const { token, user } = await first.login(`rotate-${++counter}-${Date.now()}@example.com`)
  const fetchVia: typeof fetch = (input, init) => {
    const url = String(input)
    return fetch(keyFrom && url.endsWith('/api/v1/delegated_actions/key') ? url.replace(t.baseUrl, keyFrom.baseUrl) : url, init)
  }
  const frame = createWalletService({ appId: first.appId, api: frameApi({ apiBase: t.baseUrl, appId: first.appId, fetch: fetchVia }), storage: memoryStorage() })
  const wallet = await frame.create({ accessToken: token!, chainType: 'ethereum', recovery: { method: 'privy' } })
  await frame.delegate({ accessToken: token!, entropyId: wallet.entropyId, address: wallet.address, chainType: 'ethereum' })
  // The wire user's id is the DID the key is bound to.
  return { userId: user.id, address: wallet.address as Hex }
}

const clientOf = (t: TestInstance) => createWalletApiClient({ apiUrl: t.baseUrl, appId: first.appId, appSecret, authorizationKey: authorization.privateKey })

/** The stored sealed key of a wallet. */
async function sealedOf(address: string): Promise<string> {
  const [row] = await first.db.query<{ sealed_key: string }>('SELECT sealed_key FROM delegated_wallets WHERE app_id = $1 AND identity_key = $2', [first.appId, address.toLowerCase()])
  return row!.sealed_key
}

/** Whether the stored sealed key opens with this delegation private key alone. */
async function opensWith(privateKey: Uint8Array, w: { userId: string; address: string }): Promise<boolean> {
  const binding = { appId: first.appId, userId: w.userId, chainType: 'ethereum' as const, address: w.address }
  return openDelegatedKey(await sealedOf(w.address), privateKey, binding).then(
    () => true,
    () => false,
  )
}

/** Whether a wallet's delegation row is stored. */
async function storedRow(address: string): Promise<boolean> {
  const rows = await first.db.query('SELECT 1 FROM delegated_wallets WHERE app_id = $1 AND identity_key = $2', [first.appId, address.toLowerCase()])
  return rows.length > 0
}

/** The `delegated` flag of the wallet's linked account, as the user's answer shows it. */
async function delegatedFlag(w: { userId: string; address: string }): Promise<boolean | undefined> {
  const [row] = await first.db.query<{ details: { delegated?: boolean } }>(
    "SELECT details FROM linked_accounts WHERE app_id = $1 AND type = 'wallet' AND identity_key = $2",
    [first.appId, w.address.toLowerCase()],
  )
  return row?.details.delegated
}

async function refusalCode(call: Promise<unknown>): Promise<string | undefined> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WalletApiError)
  return (error as WalletApiError).code
}

describe('rotating the delegation key', () => {
  it('a server started with new,old publishes the new key, signs for a wallet delegated under the old one and reseals it to the new key on use', async () => {
    const w = await delegatedOn(first)
    expect(await opensWith(OLD.privateKey, w)).toBe(true)
    const t = await restartedWith([NEW.privateKey, OLD.privateKey])

    expect((await t.request('/api/v1/delegated_actions/key', { appId: first.appId })).body).toEqual({ public_key: encode(delegationPublicKey(NEW.privateKey)) })
    const { signature } = await clientOf(t).personalSign(w.address, 'after the rotation')
    expect(await verifyMessage({ address: w.address, message: 'after the rotation', signature: signature as Hex })).toBe(true)
    expect(await opensWith(NEW.privateKey, w)).toBe(true)
    expect(await opensWith(OLD.privateKey, w)).toBe(false)
    // Resealed, it keeps working on a server that knows only the new key.
    const onlyNew = await restartedWith([NEW.privateKey])
    await expect(clientOf(onlyNew).personalSign(w.address, 'new key only')).resolves.toMatchObject({ signature: expect.stringMatching(/^0x/) })
  })

  it('parallel calls on a wallet sealed to the old key all succeed, and the row ends sealed to the new key once', async () => {
    const w = await delegatedOn(first)
    const t = await restartedWith([NEW.privateKey, OLD.privateKey])
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => clientOf(t).personalSign(w.address, `parallel ${i}`)))
    expect(results).toHaveLength(40)
    expect(await opensWith(NEW.privateKey, w)).toBe(true)
    expect((await clientOf(t).actions(w.address)).filter((a) => a.status === 'succeeded')).toHaveLength(40)
  })

  it('a wallet delegated through a server with new,old is sealed to the new key', async () => {
    const t = await restartedWith([NEW.privateKey, OLD.privateKey])
    const w = await delegatedOn(t)
    expect(await opensWith(NEW.privateKey, w)).toBe(true)
    expect(await opensWith(OLD.privateKey, w)).toBe(false)
  })

  it('a consent sealed to the old key (fetched before the restart) is accepted by a server with new,old and stored sealed to the new key', async () => {
    const t = await restartedWith([NEW.privateKey, OLD.privateKey])
    const w = await delegatedOn(t, first)
    expect(await opensWith(NEW.privateKey, w)).toBe(true)
    expect(await opensWith(OLD.privateKey, w)).toBe(false)
    await expect(clientOf(t).personalSign(w.address, 'stale consent')).resolves.toMatchObject({ signature: expect.stringMatching(/^0x/) })
  })

  it('the reseal of `portico keys rotate` rewrites every delegation sealed to an older key, and ends those no listed key opens', async () => {
    const [a, b] = [await delegatedOn(first), await delegatedOn(first)]
    const stranger = generateDelegationKey()
    const onlyStranger = await restartedWith([stranger.privateKey])
    const c = await delegatedOn(onlyStranger)

    const sealedData = delegatedActionsServer({ delegationKey: [NEW.privateKey, OLD.privateKey].map(encode) }).sealedData!
    await sealedData.check(first.db)
    expect(await delegatedFlag(c)).toBe(true)
    expect(await sealedData.reseal(first.db)).toBeGreaterThanOrEqual(2)
    for (const w of [a, b]) expect(await opensWith(NEW.privateKey, w)).toBe(true)
    // c's key was sealed to a key the list does not hold: its delegation ended, and its wallet says so.
    expect(await storedRow(c.address)).toBe(false)
    expect(await delegatedFlag(c)).toBe(false)
    expect(await delegatedFlag(a)).toBe(true)
    // Nothing left to reseal.
    expect(await sealedData.reseal(first.db)).toBe(0)

    const onlyNew = await restartedWith([NEW.privateKey])
    await expect(clientOf(onlyNew).personalSign(a.address, 'resealed')).resolves.toMatchObject({ signature: expect.stringMatching(/^0x/) })
    expect(await refusalCode(clientOf(onlyNew).personalSign(c.address, 'unknown key'))).toBe('user_has_not_delegated_wallet')
  })

  it('a key taken off the list stops opening: the first call ends its delegation (the wallet shows delegated: false), nothing is recorded, and parallel calls are all refused', async () => {
    const w = await delegatedOn(first)
    expect(await delegatedFlag(w)).toBe(true)
    const onlyNew = await restartedWith([NEW.privateKey])
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => refusalCode(clientOf(onlyNew).personalSign(w.address, `old key removed ${i}`))))
    expect(new Set(codes)).toEqual(new Set(['user_has_not_delegated_wallet']))
    expect(await clientOf(onlyNew).actions(w.address)).toEqual([])
    expect(await storedRow(w.address)).toBe(false)
    expect(await delegatedFlag(w)).toBe(false)
    // The old key back on the list does not revive it: the user delegates again.
    const restored = await restartedWith([NEW.privateKey, OLD.privateKey])
    expect(await refusalCode(clientOf(restored).personalSign(w.address, 'restored'))).toBe('user_has_not_delegated_wallet')
  })

  it('refuses a malformed key list when the server is built', () => {
    expect(() => delegatedActionsServer({ delegationKey: `${encode(NEW.privateKey)},not-a-key` })).toThrow(/PORTICO_DELEGATION_KEY/)
    expect(() => delegatedActionsServer({ delegationKey: encode(NEW.privateKey).slice(0, 20) })).toThrow(TypeError)
  })
})
