/**
 * The wallet frame's operations end to end against a real server (in-process, PGlite or the CI's
 * PostgreSQL), without a browser: the frame's own fetches, storage and crypto, as the frame page runs them.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../plugins/email/server'
import { embeddedWalletsServer } from '../plugins/embedded-wallets/server'
import { generateEncryptionKey } from '../server/index'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { RECOVERY_PASSWORD_GUARD } from '../plugins/embedded-wallets/server'
import { frameApi } from './api'
import {
  encryptShare,
  entropyToMnemonic,
  exportWalletKey,
  fromBase64,
  importWalletKey,
  legacyPasscodeKey,
  mnemonicToEntropy,
  deriveWalletKey,
  passcodeKeys,
  toBase64,
} from './crypto'
import { createWalletService, deviceShareKey, INVALID_RECOVERY_PASSWORD, type ShareStorage } from './wallets'

let t: TestInstance
let counter = 0

beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey() })],
  })
})
afterAll(async () => {
  await t?.close()
})

/** A device's storage: what the frame's origin keeps between visits. */
function memoryStorage(): ShareStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

/** A frame on a device (its storage), for the test app; `fetch` sees its calls. */
const frameOn = (storage: ShareStorage, fetch?: typeof globalThis.fetch) =>
  createWalletService({ appId: t.appId, api: frameApi({ apiBase: t.baseUrl, appId: t.appId, ...(fetch ? { fetch } : {}) }), storage })

/** A fetch that records what the frame sends: each call's path and body. */
function recordingFetch() {
  const sent: { path: string; body: string }[] = []
  const record: typeof globalThis.fetch = (input, init) => {
    sent.push({ path: new URL(String(input)).pathname, body: String(init?.body ?? '') })
    return fetch(input, init)
  }
  return { sent, fetch: record }
}

/** The stored row of a secret: its password salt, sealed share and guard counts. */
async function secretRow(entropyId: string) {
  const [row] = await t.db.query<{ recovery_salt: string; encrypted_recovery_share: string; recovery_verifier: string | null; recovery_failures: number; version: number }>(
    'SELECT recovery_salt, encrypted_recovery_share, recovery_verifier, recovery_failures, version FROM embedded_wallet_secrets WHERE entropy_id = $1',
    [entropyId],
  )
  return row!
}

/** A new signed-in user. */
async function newUser() {
  const { token, user } = await t.login(`frame-${++counter}-${Date.now()}@example.com`)
  return { accessToken: token!, userId: user.id }
}

async function personalSign(frame: ReturnType<typeof frameOn>, accessToken: string, wallet: { address: string; entropyId: string }) {
  const { result } = await frame.rpc({
    accessToken,
    entropyId: wallet.entropyId,
    address: wallet.address,
    chainType: 'ethereum',
    request: { method: 'personal_sign', params: [toHex('hello portico'), wallet.address] },
  })
  return verifyMessage({ address: wallet.address as Hex, message: 'hello portico', signature: result as Hex })
}

describe('the wallet frame against the server', () => {
  it('creates a wallet, forgets it, connects it again from the device share and signs with it', async () => {
    const { accessToken, userId } = await newUser()
    const storage = memoryStorage()
    const frame = frameOn(storage)
    const wallet = await frame.create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    expect(wallet).toMatchObject({ chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy', entropyId: wallet.address })
    expect(storage.getItem(deviceShareKey(t.appId, userId, wallet.entropyId))).toBeTruthy()
    await frame.clear()
    const { wallets } = await frame.connect({ accessToken, entropyId: wallet.entropyId })
    expect(wallets.map((w) => w.address)).toEqual([wallet.address])
    expect(await personalSign(frame, accessToken, wallet)).toBe(true)
  })

  it('recovers on a new device with automatic recovery and signs with the same address', async () => {
    const { accessToken, userId } = await newUser()
    const wallet = await frameOn(memoryStorage()).create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    const newDevice = memoryStorage()
    const frame = frameOn(newDevice)
    const { wallets } = await frame.connect({ accessToken, entropyId: wallet.entropyId })
    expect(wallets[0]!.address).toBe(wallet.address)
    expect(await personalSign(frame, accessToken, wallet)).toBe(true)
    // The device now has a share of its own: a later visit connects without recovery.
    expect(newDevice.getItem(deviceShareKey(t.appId, userId, wallet.entropyId))).toBeTruthy()
    const later = frameOn(newDevice)
    expect((await later.connect({ accessToken, entropyId: wallet.entropyId })).wallets[0]!.address).toBe(wallet.address)
  })

  it('asks for the password on a new device, refuses a wrong one and recovers with the right one', async () => {
    const { accessToken } = await newUser()
    const wallet = await frameOn(memoryStorage()).create({ accessToken, chainType: 'ethereum', recovery: { method: 'user-passcode', password: 'correct horse 1' } })
    expect(wallet.recoveryMethod).toBe('user-passcode')
    const frame = frameOn(memoryStorage())
    await expect(frame.connect({ accessToken, entropyId: wallet.entropyId })).rejects.toMatchObject({ code: 'recovery_needed', data: { recoveryMethod: 'user-passcode' } })
    await expect(frame.rpc({ accessToken, entropyId: wallet.entropyId, address: wallet.address, chainType: 'ethereum', request: { method: 'personal_sign', params: ['0x00'] } })).rejects.toMatchObject({ code: 'recovery_needed' })
    await expect(frame.recover({ accessToken, entropyId: wallet.entropyId, password: 'wrong horse 1' })).rejects.toMatchObject({ code: 'invalid_recovery_pin', message: INVALID_RECOVERY_PASSWORD })
    await frame.recover({ accessToken, entropyId: wallet.entropyId, password: 'correct horse 1' })
    expect(await personalSign(frame, accessToken, wallet)).toBe(true)
  })

  it('sends the server the password’s verifier, never the password or the key, and recovers through it', async () => {
    const { accessToken } = await newUser()
    const creating = recordingFetch()
    const wallet = await frameOn(memoryStorage(), creating.fetch).create({ accessToken, chainType: 'ethereum', recovery: { method: 'user-passcode', password: 'correct horse 1' } })
    const recovering = recordingFetch()
    await frameOn(memoryStorage(), recovering.fetch).recover({ accessToken, entropyId: wallet.entropyId, password: 'correct horse 1' })
    const { key, verifier } = await passcodeKeys('correct horse 1', fromBase64((await secretRow(wallet.entropyId)).recovery_salt))
    const sent = [...creating.sent, ...recovering.sent]
    for (const call of sent) {
      expect(call.body).not.toContain('correct horse 1')
      expect(call.body).not.toContain(toBase64(key))
    }
    expect(JSON.parse(creating.sent.find((c) => c.path === '/api/v1/embedded_wallets')!.body).recovery.verifier).toBe(toBase64(verifier))
    expect(recovering.sent.map((c) => c.path.replace(wallet.entropyId, ':address'))).toEqual([
      '/api/v1/embedded_wallets/shares',
      '/api/v1/embedded_wallets/:address/recovery/key_material',
      '/api/v1/embedded_wallets/:address/recovery/share',
    ])
    expect(JSON.parse(recovering.sent[2]!.body)).toEqual({ verifier: toBase64(verifier) })
  })

  it('locks password recovery after too many wrong passwords, saying for how long, even for the right one', async () => {
    const { accessToken } = await newUser()
    const wallet = await frameOn(memoryStorage()).create({ accessToken, chainType: 'ethereum', recovery: { method: 'user-passcode', password: 'correct horse 1' } })
    const frame = frameOn(memoryStorage())
    for (let i = 1; i < RECOVERY_PASSWORD_GUARD.maxFailures; i++) {
      await expect(frame.recover({ accessToken, entropyId: wallet.entropyId, password: `wrong horse ${i}` })).rejects.toMatchObject({ code: 'invalid_recovery_pin', message: INVALID_RECOVERY_PASSWORD })
    }
    const locked = { code: 'too_many_requests', message: 'Too many incorrect recovery passwords. Please try again in 15 minutes.', data: { retryAfterSeconds: 900 } }
    await expect(frame.recover({ accessToken, entropyId: wallet.entropyId, password: 'wrong horse 5' })).rejects.toMatchObject(locked)
    await expect(frame.recover({ accessToken, entropyId: wallet.entropyId, password: 'correct horse 1' })).rejects.toMatchObject({ code: 'too_many_requests', data: { retryAfterSeconds: expect.any(Number) } })
    await expect(frame.rpc({ accessToken, entropyId: wallet.entropyId, address: wallet.address, chainType: 'ethereum', request: { method: 'personal_sign', params: ['0x00'] } })).rejects.toMatchObject({ code: 'recovery_needed' })
  })

  it('recovers a password wallet sealed before the guard (v1), checking the password offline, and seals it again as v2', async () => {
    const { accessToken, userId } = await newUser()
    const deviceA = memoryStorage()
    const wallet = await frameOn(deviceA).create({ accessToken, chainType: 'ethereum', recovery: { method: 'user-passcode', password: 'old-password' } })
    // The row as the server kept it before the guard: the recovery share sealed v1 under the Argon2id
    // output (the v1 layout is v2's), and no verifier. A recovered device holds the recovery share.
    const deviceB = memoryStorage()
    await frameOn(deviceB).recover({ accessToken, entropyId: wallet.entropyId, password: 'old-password' })
    const recoveryShare = fromBase64(deviceB.getItem(deviceShareKey(t.appId, userId, wallet.entropyId))!)
    const salt = fromBase64((await secretRow(wallet.entropyId)).recovery_salt)
    const v1 = (await encryptShare(recoveryShare, await legacyPasscodeKey('old-password', salt), wallet.entropyId)).replace(/^v2\./, 'v1.')
    await t.db.query('UPDATE embedded_wallet_secrets SET encrypted_recovery_share = $2, recovery_verifier = NULL WHERE entropy_id = $1', [wallet.entropyId, v1])

    const deviceC = frameOn(memoryStorage())
    await expect(deviceC.recover({ accessToken, entropyId: wallet.entropyId, password: 'wrong-password' })).rejects.toMatchObject({ code: 'invalid_recovery_pin', message: INVALID_RECOVERY_PASSWORD })
    expect(await secretRow(wallet.entropyId)).toMatchObject({ encrypted_recovery_share: v1, recovery_verifier: null, recovery_failures: 0 })
    await deviceC.recover({ accessToken, entropyId: wallet.entropyId, password: 'old-password' })
    expect(await personalSign(deviceC, accessToken, wallet)).toBe(true)

    // Sealed again as v2 with a verifier, over the same shares: every device share still works.
    const row = await secretRow(wallet.entropyId)
    expect(row.encrypted_recovery_share).toMatch(/^v2\./)
    expect(row.recovery_verifier).not.toBeNull()
    expect(row.version).toBe(2)
    expect(await personalSign(frameOn(deviceA), accessToken, wallet)).toBe(true)
    const deviceD = frameOn(memoryStorage())
    await expect(deviceD.recover({ accessToken, entropyId: wallet.entropyId, password: 'wrong-password' })).rejects.toMatchObject({ code: 'invalid_recovery_pin' })
    expect((await secretRow(wallet.entropyId)).recovery_failures).toBe(1)
    await deviceD.recover({ accessToken, entropyId: wallet.entropyId, password: 'old-password' })
    expect(await personalSign(deviceD, accessToken, wallet)).toBe(true)
  })

  it('falls back from a corrupted device share to the recovery share, repairs it and signs', async () => {
    const { accessToken, userId } = await newUser()
    const storage = memoryStorage()
    const wallet = await frameOn(storage).create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    const key = deviceShareKey(t.appId, userId, wallet.entropyId)
    const share = fromBase64(storage.getItem(key)!)
    share[0] = share[0]! ^ 0xff
    storage.setItem(key, toBase64(share))
    const frame = frameOn(storage)
    await frame.connect({ accessToken, entropyId: wallet.entropyId })
    expect(storage.getItem(key)).not.toBe(toBase64(share))
    expect(await personalSign(frame, accessToken, wallet)).toBe(true)
    // Garbage is no better than a corrupt share.
    storage.setItem(key, 'not base64')
    const again = frameOn(storage)
    await again.connect({ accessToken, entropyId: wallet.entropyId })
    expect(await personalSign(again, accessToken, wallet)).toBe(true)
  })

  it('fails closed on a corrupted device share of a password wallet: no signature without the password', async () => {
    const { accessToken, userId } = await newUser()
    const storage = memoryStorage()
    const wallet = await frameOn(storage).create({ accessToken, chainType: 'ethereum', recovery: { method: 'user-passcode', password: 'secret-pass' } })
    const key = deviceShareKey(t.appId, userId, wallet.entropyId)
    const share = fromBase64(storage.getItem(key)!)
    share[3] = share[3]! ^ 0x01
    storage.setItem(key, toBase64(share))
    await expect(frameOn(storage).connect({ accessToken, entropyId: wallet.entropyId })).rejects.toMatchObject({ code: 'recovery_needed' })
  })

  it('connects the existing secret when a second frame creates a wallet on the same chain', async () => {
    const { accessToken } = await newUser()
    const first = await frameOn(memoryStorage()).create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    const second = await frameOn(memoryStorage()).create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    expect(second.address).toBe(first.address)
  })

  it('adds HD wallets on both chains from one secret and signs with the Solana one', async () => {
    const { accessToken } = await newUser()
    const frame = frameOn(memoryStorage())
    const first = await frame.create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    const second = await frame.add({ accessToken, entropyId: first.entropyId, chainType: 'ethereum', walletIndex: 1 })
    const sol = await frame.add({ accessToken, entropyId: first.entropyId, chainType: 'solana', walletIndex: 0 })
    expect(new Set([first.address, second.address, sol.address]).size).toBe(3)
    await frame.clear()
    const { wallets } = await frame.connect({ accessToken, entropyId: first.entropyId })
    expect(wallets.map((w) => w.address).sort()).toEqual([first.address, second.address, sol.address].sort())
    const message = new TextEncoder().encode('solana hello')
    const { result } = await frame.rpc({ accessToken, entropyId: first.entropyId, address: sol.address, chainType: 'solana', request: { method: 'solana_signMessage', params: [toBase64(message)] } })
    expect(ed25519.verify(fromBase64(result), message, base58.decode(sol.address))).toBe(true)
  })

  it('sets a password: this device keeps working, another device needs the new password', async () => {
    const { accessToken } = await newUser()
    const otherDevice = memoryStorage()
    const frame = frameOn(memoryStorage())
    const wallet = await frame.create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    await frameOn(otherDevice).connect({ accessToken, entropyId: wallet.entropyId })
    expect(await frame.setRecovery({ accessToken, entropyId: wallet.entropyId, recovery: { method: 'user-passcode', password: 'new-password' } })).toEqual({ recoveryMethod: 'user-passcode' })
    await frame.clear()
    expect(await personalSign(frame, accessToken, wallet)).toBe(true)
    const other = frameOn(otherDevice)
    await expect(other.connect({ accessToken, entropyId: wallet.entropyId })).rejects.toMatchObject({ code: 'recovery_needed', data: { recoveryMethod: 'user-passcode' } })
    await other.recover({ accessToken, entropyId: wallet.entropyId, password: 'new-password' })
    expect(await personalSign(other, accessToken, wallet)).toBe(true)
  })

  it("does not get another user's shares with that user's entropyId", async () => {
    const owner = await newUser()
    const wallet = await frameOn(memoryStorage()).create({ accessToken: owner.accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    const other = await newUser()
    const error = await frameOn(memoryStorage()).connect({ accessToken: other.accessToken, entropyId: wallet.entropyId }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'FrameFailure', code: 'linked_account_not_found' })
  })

  it('rebuilds a key for export after a fresh login, and refuses without one', async () => {
    const { accessToken } = await newUser()
    const frame = frameOn(memoryStorage())
    const wallet = await frame.create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
    const { key, entropy } = await frame.exportKey({ accessToken, entropyId: wallet.entropyId, address: wallet.address, chainType: 'ethereum' })
    expect(importWalletKey('ethereum', exportWalletKey(key)).address).toBe(wallet.address)
    expect(deriveWalletKey(mnemonicToEntropy(entropyToMnemonic(entropy!)), 'ethereum', 0).address).toBe(wallet.address)
    t.clock.advance(11 * 60 * 1000)
    try {
      await expect(frame.exportKey({ accessToken, entropyId: wallet.entropyId, address: wallet.address, chainType: 'ethereum' })).rejects.toMatchObject({
        code: 'reauthentication_required',
      })
    } finally {
      t.clock.reset()
    }
  })

  it('imports a key with automatic recovery: another device recovers it and signs with it', async () => {
    const { accessToken } = await newUser()
    const key = importWalletKey('ethereum', '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const wallet = await frameOn(memoryStorage()).importKey({ accessToken }, key)
    expect(wallet).toMatchObject({ address: key.address, imported: true, recoveryMethod: 'privy', entropyId: key.address, walletIndex: 0 })
    const other = frameOn(memoryStorage())
    await other.connect({ accessToken, entropyId: wallet.entropyId })
    expect(await personalSign(other, accessToken, wallet)).toBe(true)
    await expect(other.add({ accessToken, entropyId: wallet.entropyId, chainType: 'ethereum', walletIndex: 1 })).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('answers access_token_expired for a token the server refuses', async () => {
    const { accessToken } = await newUser()
    const tampered = accessToken.slice(0, -4) + (accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    await expect(frameOn(memoryStorage()).create({ accessToken: tampered, chainType: 'ethereum', recovery: { method: 'privy' } })).rejects.toMatchObject({ code: 'access_token_expired' })
  })
})

