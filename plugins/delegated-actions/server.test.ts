/**
 * Delegated actions end to end without a browser: the wallet frame's own operations (fetches,
 * storage, crypto) delegating a wallet to a real server (PGlite, or the CI's PostgreSQL), then the
 * app backend's typed client signing and sending with it, refused once revoked; and the wallet API's
 * refusals: another app's secret, a forged, expired or replayed signature, races, bad input.
 */
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address as solanaAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { base64 } from '@scure/base'
import { parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../email/server'
import { embeddedWalletsServer } from '../embedded-wallets/server'
import { generateDelegationKey, sealDelegatedKey } from '../../protocols/delegation'
import { defineServerPlugin, errors, generateEncryptionKey } from '../../server/index'
import { receiptOf, rpc as anvilRpc, startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { frameApi } from '../../wallet-frame/api'
import { createWalletService, type ShareStorage } from '../../wallet-frame/wallets'
import { deriveWalletKey, newEntropy } from '../../wallet-frame/crypto'
import { EXPIRY_HEADER, signRequest, SIGNATURE_HEADER } from './authorization'
import { createWalletApiClient, WalletApiError, type WalletApiClient } from './client'
import { delegatedActionsServer, DELEGATED_ACTION_OPERATIONS, generateAuthorizationKey } from './server'

const CONSENT = '/api/v1/delegated_actions/consent'
const REVOKE = '/api/v1/delegated_actions/revoke'

let t: TestInstance
let anvil: Anvil
let cluster: SolanaRpc
let counter = 0
const delegation = generateDelegationKey()
const authorization = generateAuthorizationKey()
const appSecret = randomBytes(32).toString('base64url')
/** Sensitive operations the server's guards were asked about; `refuse` makes the guard refuse. */
const guard = { seen: [] as string[], refuse: false }

beforeAll(async () => {
  ;[anvil, cluster] = await Promise.all([startAnvil(), startSolanaRpc()])
  t = await createTestInstance({
    app: {
      settings: {
        delegatedActions: { appSecret, authorizationKeys: [authorization.publicKey] },
        chainRpcUrls: { 'eip155:31337': anvil.url, 'solana:devnet': cluster.url },
      },
    },
    plugins: [
      emailServer(),
      embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey() }),
      delegatedActionsServer({ delegationKey: Buffer.from(delegation.privateKey).toString('base64url') }),
      defineServerPlugin({
        id: 'test-guard',
        routes: {},
        schemas: {},
        handlers: {},
        async sensitiveOperationGuard(operation) {
          guard.seen.push(operation)
          if (guard.refuse) throw errors.featureNotEnabled('refused by the test guard')
        },
      }),
    ],
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.close(), cluster?.close()])
})

const memoryStorage = (): ShareStorage => {
  const map = new Map<string, string>()
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

/** A signed-in user with an embedded wallet on each chain, created by a frame on their device. */
async function userWithWallets() {
  const { token, user } = await t.login(`delegate-${++counter}-${Date.now()}@example.com`)
  const accessToken = token!
  const frame = createWalletService({ appId: t.appId, api: frameApi({ apiBase: t.baseUrl, appId: t.appId }), storage: memoryStorage() })
  const evm = await frame.create({ accessToken, chainType: 'ethereum', recovery: { method: 'privy' } })
  const sol = await frame.add({ accessToken, entropyId: evm.entropyId, chainType: 'solana', walletIndex: 0 })
  return { accessToken, userId: user.id, frame, evm, sol }
}

const client = (overrides: Partial<Parameters<typeof createWalletApiClient>[0]> = {}): WalletApiClient =>
  createWalletApiClient({ apiUrl: t.baseUrl, appId: t.appId, appSecret, authorizationKey: authorization.privateKey, ...overrides })

async function walletEntry(accessToken: string, address: string) {
  const res = await t.request('/api/v1/users/me', { token: accessToken })
  return res.body.user.linked_accounts.find((a: { address?: string }) => a.address === address)
}

/** Resolves with the wallet API's refusal. */
async function refusal(promise: Promise<unknown>): Promise<WalletApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WalletApiError)
  return error as WalletApiError
}

/** A raw signed wallet API call, for the tests that tamper with it. */
function signedCall(address: string, body: unknown, options: { expiry?: number; key?: string; secret?: string; appId?: string } = {}) {
  const path = `/api/v1/wallets/${address}/rpc`
  const expiry = options.expiry ?? Date.now() + 60_000
  const appId = options.appId ?? t.appId
  return {
    path,
    send: () =>
      t.request(path, {
        body,
        appId,
        headers: {
          authorization: `Basic ${Buffer.from(`${appId}:${options.secret ?? appSecret}`).toString('base64')}`,
          [EXPIRY_HEADER]: String(expiry),
          [SIGNATURE_HEADER]: signRequest(base64.decode(options.key ?? authorization.privateKey), { url: t.baseUrl + path, method: 'POST', appId, expiry, body }),
        },
      }),
  }
}

describe('delegating a wallet', () => {
  it('lets the app backend sign with the wallet (personal_sign, typed data) once the user accepted, and shows delegated: true', async () => {
    const { accessToken, frame, evm } = await userWithWallets()
    expect((await walletEntry(accessToken, evm.address)).delegated).toBe(false)
    expect((await refusal(client().personalSign(evm.address, 'before'))).code).toBe('user_has_not_delegated_wallet')

    await expect(frame.delegate({ accessToken, entropyId: evm.entropyId, address: evm.address, chainType: 'ethereum' })).resolves.toEqual({ delegated: true })
    expect(guard.seen).toContain(DELEGATED_ACTION_OPERATIONS.delegate)
    expect((await walletEntry(accessToken, evm.address)).delegated).toBe(true)

    const { signature } = await client().personalSign(evm.address, 'Pay 5 USDC to Acme')
    expect(await verifyMessage({ address: evm.address as Hex, message: 'Pay 5 USDC to Acme', signature: signature as Hex })).toBe(true)
    const raw = await client().personalSign(evm.address, '0xdeadbeef', 'hex')
    expect(await verifyMessage({ address: evm.address as Hex, message: { raw: '0xdeadbeef' }, signature: raw.signature as Hex })).toBe(true)

    const typedData = {
      domain: { name: 'Acme', version: '1', chainId: 31337 },
      types: { Order: [{ name: 'amount', type: 'uint256' }, { name: 'note', type: 'string' }] },
      primary_type: 'Order',
      message: { amount: '5', note: 'coffee' },
    }
    const typed = await client().signTypedData(evm.address, typedData)
    expect(
      await verifyTypedData({ address: evm.address as Hex, domain: typedData.domain, types: typedData.types, primaryType: 'Order', message: { amount: 5n, note: 'coffee' }, signature: typed.signature as Hex }),
    ).toBe(true)

    const actions = await client().actions(evm.address)
    expect(actions.map((a) => [a.method, a.status])).toEqual([
      ['eth_signTypedData_v4', 'succeeded'],
      ['personal_sign', 'succeeded'],
      ['personal_sign', 'succeeded'],
    ])
    expect(actions[2]!.result).toBe(signature)
  })

  it('stores only the sealed key: the row holds no key bytes, and a row moved to another wallet does not open', async () => {
    const { accessToken, frame, evm } = await userWithWallets()
    await frame.delegate({ accessToken, entropyId: evm.entropyId, address: evm.address, chainType: 'ethereum' })
    const [row] = await t.db.query<{ sealed_key: string }>('SELECT sealed_key FROM delegated_wallets WHERE identity_key = $1', [evm.address.toLowerCase()])
    expect(row!.sealed_key).toMatch(/^v1\./)
    const other = await userWithWallets()
    await other.frame.delegate({ accessToken: other.accessToken, entropyId: other.evm.entropyId, address: other.evm.address, chainType: 'ethereum' })
    // The first user's sealed key copied onto the second user's wallet: bound to the first, it does not open.
    await t.db.query('UPDATE delegated_wallets SET sealed_key = $1 WHERE identity_key = $2', [row!.sealed_key, other.evm.address.toLowerCase()])
    const moved = await refusal(client().personalSign(other.evm.address, 'x'))
    expect([moved.status, moved.code]).toEqual([403, 'user_has_not_delegated_wallet'])
    expect(await client().actions(other.evm.address)).toEqual([])
  })

  it('refuses a sealed key of another wallet or user, another user’s wallet, and one the MFA guard refuses, storing nothing', async () => {
    const a = await userWithWallets()
    const b = await userWithWallets()
    const ownKey = deriveWalletKey(newEntropy(), 'ethereum', 0)
    const sealedFor = (address: string, key: Uint8Array) =>
      sealDelegatedKey(key, delegation.publicKey, { appId: t.appId, userId: a.userId, chainType: 'ethereum', address })
    // A key that is not the wallet's.
    const wrongKey = await t.request(CONSENT, { token: a.accessToken, body: { address: a.evm.address, chain_type: 'ethereum', sealed_key: await sealedFor(a.evm.address, ownKey.privateKey) } })
    expect([wrongKey.status, wrongKey.body.error]).toEqual([400, "sealed_key does not hold this wallet's key."])
    // Another user's wallet, with a key that opens for it under this user: not this user's wallet.
    const notHers = await t.request(CONSENT, { token: a.accessToken, body: { address: ownKey.address, chain_type: 'ethereum', sealed_key: await sealedFor(ownKey.address, ownKey.privateKey) } })
    expect(notHers.status, JSON.stringify(notHers.body)).toBe(404)
    expect(notHers.body.code).toBe('linked_account_not_found')
    // A sealed key bound to another app.
    const otherApp = await sealDelegatedKey(ownKey.privateKey, delegation.publicKey, { appId: 'other', userId: 'did:privy:x', chainType: 'ethereum', address: b.evm.address })
    const bound = await t.request(CONSENT, { token: b.accessToken, body: { address: b.evm.address, chain_type: 'ethereum', sealed_key: otherApp } })
    expect(bound.body.code).toBe('invalid_data')
    guard.refuse = true
    try {
      await expect(a.frame.delegate({ accessToken: a.accessToken, entropyId: a.evm.entropyId, address: a.evm.address, chainType: 'ethereum' })).rejects.toMatchObject({ code: 'feature_not_enabled' })
    } finally {
      guard.refuse = false
    }
    const rows = await t.db.query('SELECT 1 FROM delegated_wallets WHERE identity_key IN ($1, $2, $3)', [a.evm.address.toLowerCase(), b.evm.address.toLowerCase(), ownKey.address.toLowerCase()])
    expect(rows).toHaveLength(0)
    expect((await walletEntry(a.accessToken, a.evm.address)).delegated).toBe(false)
  })
})

describe('revoking', () => {
  it('destroys the stored key: the wallet shows delegated: false and the backend is refused', async () => {
    const { accessToken, frame, evm, sol } = await userWithWallets()
    await frame.delegate({ accessToken, entropyId: evm.entropyId, address: evm.address, chainType: 'ethereum' })
    await frame.delegate({ accessToken, entropyId: evm.entropyId, address: sol.address, chainType: 'solana' })
    await client().personalSign(evm.address, 'ok')

    const one = await t.request(REVOKE, { token: accessToken, body: { address: evm.address } })
    expect(one.status).toBe(200)
    expect(one.body.linked_accounts.find((a: { address?: string }) => a.address === evm.address).delegated).toBe(false)
    expect(one.body.linked_accounts.find((a: { address?: string }) => a.address === sol.address).delegated).toBe(true)
    expect((await refusal(client().personalSign(evm.address, 'after'))).code).toBe('user_has_not_delegated_wallet')

    const all = await t.request(REVOKE, { token: accessToken, body: {} })
    expect(all.body.linked_accounts.find((a: { address?: string }) => a.address === sol.address).delegated).toBe(false)
    expect((await refusal(client().solanaSignMessage(sol.address, new Uint8Array([1])))).code).toBe('user_has_not_delegated_wallet')
    expect(await t.db.query('SELECT 1 FROM delegated_wallets WHERE user_id = (SELECT user_id FROM embedded_wallets WHERE address = $1)', [evm.address])).toHaveLength(0)
  })

  it('refuses another user’s token, and a wallet that is not the user’s', async () => {
    const a = await userWithWallets()
    const b = await userWithWallets()
    await a.frame.delegate({ accessToken: a.accessToken, entropyId: a.evm.entropyId, address: a.evm.address, chainType: 'ethereum' })
    const res = await t.request(REVOKE, { token: b.accessToken, body: { address: a.evm.address } })
    expect(res.status).toBe(404)
    expect((await walletEntry(a.accessToken, a.evm.address)).delegated).toBe(true)
    expect((await t.request(REVOKE, { body: {} })).status).toBe(401)
  })

  it('races with signing: every call either signed before the revocation or was refused after it', async () => {
    const { accessToken, frame, evm } = await userWithWallets()
    await frame.delegate({ accessToken, entropyId: evm.entropyId, address: evm.address, chainType: 'ethereum' })
    const calls = Array.from({ length: 40 }, (_, i) => client().personalSign(evm.address, `race ${i}`).then(() => 'signed', (e: WalletApiError) => e.code))
    const revoked = t.request(REVOKE, { token: accessToken, body: { address: evm.address } })
    const outcomes = await Promise.all(calls)
    expect((await revoked).status).toBe(200)
    expect(outcomes.every((o) => o === 'signed' || o === 'user_has_not_delegated_wallet')).toBe(true)
    const signed = outcomes.filter((o) => o === 'signed').length
    expect(await client().actions(evm.address)).toHaveLength(signed)
    expect((await refusal(client().personalSign(evm.address, 'late'))).code).toBe('user_has_not_delegated_wallet')
  })
})

describe('the wallet API', () => {
  let wallet: Awaited<ReturnType<typeof userWithWallets>>
  beforeAll(async () => {
    wallet = await userWithWallets()
    await wallet.frame.delegate({ accessToken: wallet.accessToken, entropyId: wallet.evm.entropyId, address: wallet.evm.address, chainType: 'ethereum' })
    await wallet.frame.delegate({ accessToken: wallet.accessToken, entropyId: wallet.evm.entropyId, address: wallet.sol.address, chainType: 'solana' })
  })
  const personal = (message: string) => ({ method: 'personal_sign', chain_type: 'ethereum', params: { message, encoding: 'utf-8' } })

  it('sends a transaction on the chain: filled, signed, mined, recorded with its hash', async () => {
    await anvilRpc(anvil.url, 'anvil_setBalance', [wallet.evm.address, '0xde0b6b3a7640000'])
    const to = deriveWalletKey(newEntropy(), 'ethereum', 0).address
    const { hash, caip2 } = await client().sendTransaction(wallet.evm.address, 'eip155:31337', { to, value: `0x${parseEther('0.25').toString(16)}` })
    expect(caip2).toBe('eip155:31337')
    const receipt = await receiptOf(anvil.url, hash)
    expect(receipt.status).toBe('0x1')
    expect(BigInt(await anvilRpc<string>(anvil.url, 'eth_getBalance', [to, 'latest']))).toBe(parseEther('0.25'))
    const [last] = await client().actions(wallet.evm.address)
    expect(last).toMatchObject({ method: 'eth_sendTransaction', status: 'succeeded', caip2: 'eip155:31337', result: hash })
  })

  it('records a refused send as a failed action with the contract code', async () => {
    const poor = await userWithWallets()
    await poor.frame.delegate({ accessToken: poor.accessToken, entropyId: poor.evm.entropyId, address: poor.evm.address, chainType: 'ethereum' })
    const error = await refusal(client().sendTransaction(poor.evm.address, 'eip155:31337', { to: poor.evm.address, value: '1000000000000000000' }))
    expect(error.code).toBe('transaction_broadcast_failure')
    expect(await client().actions(poor.evm.address)).toMatchObject([{ method: 'eth_sendTransaction', status: 'failed', error: 'transaction_broadcast_failure', result: null }])
    expect((await refusal(client().sendTransaction(poor.evm.address, 'eip155:1', { to: poor.evm.address }))).code).toBe('not_supported')
  })

  it('signs a Solana message and signs and sends a Solana transaction', async () => {
    const message = new TextEncoder().encode('Solana ✓')
    const { signature } = await client().solanaSignMessage(wallet.sol.address, message)
    expect(ed25519.verify(base64.decode(signature), message, new Uint8Array(getBase58Encoder().encode(wallet.sol.address)))).toBe(true)

    const rpc = createSolanaRpc(cluster.url)
    const source = solanaAddress(wallet.sol.address)
    await rpc.requestAirdrop(source, lamports(1_000_000_000n)).send()
    const destination = solanaAddress(deriveWalletKey(newEntropy(), 'solana', 0).address)
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const tx = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(source, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(source), destination, amount: 5_000_000n }), m),
      ),
    )
    const sent = await client().solanaSignAndSendTransaction(wallet.sol.address, 'solana:devnet', new Uint8Array(getTransactionEncoder().encode(tx)))
    expect(sent.caip2).toBe('solana:devnet')
    expect((await rpc.getBalance(destination).send()).value).toBe(5_000_000n)
    expect((await client().actions(wallet.sol.address)).map((a) => a.method)).toEqual(['signAndSendTransaction', 'signMessage'])
  })

  it('refuses another app’s secret, a wrong secret, no secret, and a key the app did not register', async () => {
    const otherSecret = randomBytes(32).toString('base64url')
    const other = await t.createApp({ name: 'Other', settings: { delegatedActions: { appSecret: otherSecret, authorizationKeys: [authorization.publicKey] } } })
    // The other app's own credentials name the other app: the wallet is not its wallet.
    const otherApp = await signedCall(wallet.evm.address, personal('x'), { appId: other.id, secret: otherSecret }).send()
    expect(otherApp.status).toBe(403)
    expect(otherApp.body.code).toBe('user_has_not_delegated_wallet')
    // The other app's secret against this app.
    const crossed = await signedCall(wallet.evm.address, personal('x'), { secret: otherSecret }).send()
    expect([crossed.status, crossed.body.code]).toEqual([401, 'invalid_credentials'])
    const stranger = generateAuthorizationKey()
    const forged = await signedCall(wallet.evm.address, personal('x'), { key: stranger.privateKey }).send()
    expect([forged.status, forged.body.code]).toEqual([401, 'invalid_credentials'])
    const bare = await t.request(`/api/v1/wallets/${wallet.evm.address}/rpc`, { body: personal('x') })
    expect([bare.status, bare.body.code]).toEqual([401, 'invalid_credentials'])
    const listed = await t.request(`/api/v1/wallets/${wallet.evm.address}/actions`, { headers: { authorization: `Basic ${Buffer.from(`${t.appId}:${otherSecret}`).toString('base64')}` } })
    expect(listed.status).toBe(401)
  })

  it('refuses a signature over another body, an expired request, one too far ahead, and a replay', async () => {
    const call = signedCall(wallet.evm.address, personal('signed text'))
    const tampered = await t.request(call.path, {
      body: personal('other text'),
      headers: (await (async () => {
        const expiry = Date.now() + 60_000
        return {
          authorization: `Basic ${Buffer.from(`${t.appId}:${appSecret}`).toString('base64')}`,
          [EXPIRY_HEADER]: String(expiry + 1),
          [SIGNATURE_HEADER]: signRequest(base64.decode(authorization.privateKey), { url: t.baseUrl + call.path, method: 'POST', appId: t.appId, expiry, body: personal('signed text') }),
        }
      })()),
    })
    expect([tampered.status, tampered.body.code]).toEqual([401, 'invalid_credentials'])
    const expired = await signedCall(wallet.evm.address, personal('x'), { expiry: Date.now() - 1 }).send()
    expect([expired.status, expired.body.code]).toEqual([400, 'invalid_request'])
    const far = await signedCall(wallet.evm.address, personal('x'), { expiry: Date.now() + 2 * 60 * 60 * 1000 }).send()
    expect([far.status, far.body.code]).toEqual([400, 'invalid_request'])
    expect((await call.send()).status).toBe(200)
    const replay = await call.send()
    expect([replay.status, replay.body.code]).toEqual([400, 'invalid_request'])
  })

  it('runs one of 200 parallel copies of a signed request, and all of 100 distinct ones, each recorded once', async () => {
    const fresh = await userWithWallets()
    await fresh.frame.delegate({ accessToken: fresh.accessToken, entropyId: fresh.evm.entropyId, address: fresh.evm.address, chainType: 'ethereum' })
    const copy = signedCall(fresh.evm.address, personal('once'))
    const copies = await Promise.all(Array.from({ length: 200 }, () => copy.send()))
    expect(copies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(copies.every((r) => r.status === 200 || r.body.code === 'invalid_request')).toBe(true)
    const distinct = await Promise.all(Array.from({ length: 100 }, (_, i) => client().personalSign(fresh.evm.address, `m${i}`)))
    expect(new Set(distinct.map((d) => d.signature)).size).toBe(100)
    expect(await client().actions(fresh.evm.address)).toHaveLength(100)
    const [count] = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM delegated_wallet_actions WHERE identity_key = $1', [fresh.evm.address.toLowerCase()])
    expect(Number(count!.n)).toBe(101)
  }, 120_000)

  it('answers bad input with invalid_data and never a 500', async () => {
    const bodies: unknown[] = [
      {},
      { method: 'eth_sign', chain_type: 'ethereum', params: {} },
      { method: 'personal_sign', chain_type: 'solana', params: { message: 'x', encoding: 'utf-8' } },
      { method: 'personal_sign', chain_type: 'ethereum', params: { message: 42, encoding: 'utf-8' } },
      { method: 'personal_sign', chain_type: 'ethereum', params: { message: 'x', encoding: 'utf-8' }, extra: 1 },
      { method: 'eth_signTypedData_v4', chain_type: 'ethereum', params: { typed_data: { domain: {}, types: { A: [{ name: 'x', type: 'uint256' }] }, primary_type: 'B', message: {} } } },
      { method: 'eth_sendTransaction', chain_type: 'ethereum', caip2: 'eip155:0', params: { transaction: {} } },
      { method: 'eth_sendTransaction', chain_type: 'ethereum', caip2: 'eip155:31337', params: { transaction: { value: '-1' } } },
      { method: 'signMessage', chain_type: 'solana', params: { message: 'not base64!', encoding: 'base64' } },
      { method: 'signAndSendTransaction', chain_type: 'solana', caip2: 'solana:devnet', params: { transaction: 'AAAA', encoding: 'base64' } },
      [1, 2],
      'text',
    ]
    for (const body of bodies) {
      const res = await signedCall(wallet.evm.address, body).send()
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(['invalid_data', 'invalid_solana_transaction', 'invalid_credentials'], JSON.stringify(body)).toContain(res.body.code)
    }
    // A Solana call against the Ethereum wallet.
    const crossed = await signedCall(wallet.evm.address, { method: 'signMessage', chain_type: 'solana', params: { message: 'AQ==', encoding: 'base64' } }).send()
    expect(crossed.body.code).toBe('invalid_data')
    const notAddress = await signedCall('nope', personal('x')).send()
    expect(notAddress.body.code).toBe('invalid_data')
    const consent = await t.request(CONSENT, { token: wallet.accessToken, body: { address: wallet.evm.address, chain_type: 'ethereum', sealed_key: 'v1.x.y.z' } })
    expect([consent.status, consent.body.code]).toEqual([400, 'invalid_data'])
  })
})
