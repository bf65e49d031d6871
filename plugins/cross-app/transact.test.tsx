// @vitest-environment jsdom
/**
 * Cross-app transactions in the browser (jsdom, a real HTTP server scripted like the API): the
 * requester's popup request (origin and window checks, closed popup, time-out with fake timers,
 * read-only and token refusals), its EIP-1193 provider, and the provider page's answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { base64ToBytes } from '../../kernel/base64'
import { act, cleanup } from '@testing-library/react'
import { createMemoryStorage } from '../../kernel/storage'
import type { TestServer } from '../../test/support/http-server'
import type { Kernel } from '../../kernel/types'
import { TEST_APP_ID, authenticated, wireUser } from '../../test/support/ui-harness-data'
import { mountKernel, startScriptedApi, type Routes } from '../../test/support/ui-harness'
import { embeddedWalletHooks, type EmbeddedWalletService } from '../embedded-wallets'
import { wallets, walletsOf } from '../wallets'
import {
  crossApp,
  crossAppTokenKey,
  createCrossAppEthereumProvider,
  createCrossAppSolanaWallet,
  crossAppWalletsOf,
  readTransactRequest,
  sendCrossAppRequest,
  CROSS_APP_ACTION_MESSAGES,
  CROSS_APP_TIMEOUT_MS,
  PENDING_TRANSACT_KEY,
  POPUP_CLOSE_GRACE_MS,
  TRANSACT_PARAM,
  type CrossAppRequestError,
  type TransactPayload,
} from '.'
import { fakePopup, postMessageFrom, resetWindow, windowWith, type FakePopup } from './test-popup'
import { answerTransactRequest } from './client/transact-page'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const P = 'acmewallet000000000000001'
const ORIGIN = 'http://localhost:3000'
const PAGE_ORIGIN = 'https://wallet.test'
const PAGE_URL = `${PAGE_ORIGIN}/?app=${P}`
const WALLET = '0x1111111111111111111111111111111111111111'
const INIT = '/api/v1/cross-app/transact/init'
const CHECK = '/api/v1/cross-app/transact/check'
const CONNECTIONS = `/api/v1/apps/${TEST_APP_ID}/cross-app/connections`
const connection = (readOnly = false) => ({ provider_app_id: P, provider_app_name: 'Acme Wallet', provider_app_icon_url: null, provider_app_custom_api_url: null, read_only: readOnly })
const crossAppAccount = { type: 'cross_app', subject: 'did:privy:provideruser0000000000000a', provider_app_id: P, embedded_wallets: [{ address: WALLET }], smart_wallets: [], verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }

let server: TestServer | null = null
let kernel: Kernel | null = null
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  kernel?.destroy()
  kernel = null
  await server?.close()
  server = null
  resetWindow()
})

/** The API stand-in and a kernel whose user holds a `cross_app` account with one embedded wallet of P. */
async function start(options: { routes?: Routes; token?: string | null; timeoutMs?: number; signedIn?: boolean; withWallets?: boolean } = {}) {
  ;({ server } = await startScriptedApi(
    {},
    {
      [`GET ${CONNECTIONS}`]: () => ({ json: { connections: [connection()] } }),
      [`POST ${INIT}`]: () => ({ json: { page_url: PAGE_URL, page_origin: PAGE_ORIGIN } }),
      ...options.routes,
    },
  ))
  const storage = createMemoryStorage()
  if (options.token !== null) storage.set(crossAppTokenKey(P), options.token ?? 'provider-token')
  kernel = await mountKernel(server, {
    plugins: [crossApp(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}), ...(options.withWallets ? [wallets()] : [])],
    storage,
    sleepCapMs: 50,
  })
  const ctx = kernel.contextFor('cross-app')
  if (options.signedIn !== false) {
    await act(async () => {
      await ctx.authenticate(async () => authenticated(wireUser({ linked_accounts: [crossAppAccount] })) as never, { method: `privy:${P}` })
    })
  }
  await vi.waitFor(() => expect(server!.requests.some((r) => r.path === CONNECTIONS)).toBe(true))
  const calls = (path: string) => server!.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>)
  return { ctx, calls }
}




/** The request the popup was sent with (the fragment's payload). */
function payloadOf(popup: FakePopup): TransactPayload {
  const url = new URL(popup.location.href)
  const carried = new URLSearchParams(url.hash.slice(1)).get(TRANSACT_PARAM)!
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(carried.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)))) as TransactPayload
}

async function navigated(popup: FakePopup) {
  await vi.waitFor(() => expect(popup.location.href.startsWith(PAGE_URL)).toBe(true), { interval: 5, timeout: 15_000 })
}

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved') }, (e: unknown) => e as CrossAppRequestError)

describe('requester: a request to a provider wallet', () => {
  it("opens the provider's page with the request, and the page's answer from its origin resolves it", async () => {
    const { ctx, calls } = await start()
    const popup = fakePopup()
    const result = sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET], win: windowWith(popup) })
    await navigated(popup)
    expect(calls(INIT)).toEqual([{ provider_app_id: P, token: 'provider-token' }])
    expect(payloadOf(popup)).toEqual({ token: 'provider-token', origin: ORIGIN, address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET] })
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xsig' }, PAGE_ORIGIN, popup)
    await expect(result).resolves.toBe('0xsig')
  })

  it("ignores answers from another origin (the requester's own included) or another window", async () => {
    const { ctx } = await start()
    const popup = fakePopup()
    let settled = false
    const result = sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET], win: windowWith(popup) })
    void result.finally(() => (settled = true))
    await navigated(popup)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xevil' }, 'https://evil.test', popup)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xevil' }, ORIGIN, popup)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xevil' }, PAGE_ORIGIN, fakePopup())
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.error, error: 'x' }, 'https://evil.test', popup)
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xgood' }, PAGE_ORIGIN, popup)
    await expect(result).resolves.toBe('0xgood')
  })

  it("a closed popup is the user's rejection ('User rejected request', 4001)", async () => {
    const { ctx } = await start()
    const popup = fakePopup()
    const result = rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET], win: windowWith(popup) }))
    await navigated(popup)
    const closedAt = Date.now()
    popup.closed = true
    const err = await result
    expect(err).toMatchObject({ code: 'CROSS_APP_REJECTED', message: 'User rejected request', rpcCode: 4001 })
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(POPUP_CLOSE_GRACE_MS)
  })

  it("the page's rejection comes back with its code", async () => {
    const { ctx } = await start()
    const popup = fakePopup()
    const result = rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'eth_sendTransaction', params: [{ to: WALLET }], win: windowWith(popup) }))
    await navigated(popup)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.error, error: 'User rejected request', code: 'CROSS_APP_REJECTED' }, PAGE_ORIGIN, popup)
    expect(await result).toMatchObject({ code: 'CROSS_APP_REJECTED', rpcCode: 4001 })
  })

  it('times out after 120 s (not before) and closes the popup', async () => {
    const { ctx } = await start()
    const popup = fakePopup(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }))
    const result = rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET], win: windowWith(popup) }))
    await navigated(popup)
    let settled = false
    void result.then(() => (settled = true))
    vi.advanceTimersByTime(CROSS_APP_TIMEOUT_MS - 1)
    await Promise.resolve()
    expect(settled).toBe(false)
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    expect(await result).toMatchObject({ code: 'CROSS_APP_TIMEOUT', message: 'Request timeout' })
    expect(popup.closed).toBe(true)
  })

  it("the plugin's timeoutMs option shortens the wait", async () => {
    const { ctx } = await start({ timeoutMs: 5_000 })
    const popup = fakePopup(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }))
    const result = rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET], win: windowWith(popup) }))
    await navigated(popup)
    vi.advanceTimersByTime(5_000)
    vi.useRealTimers()
    expect(await result).toMatchObject({ code: 'CROSS_APP_TIMEOUT' })
  })

  it('refuses a read-only provider app without a popup when the connections say so, and when the server says so', async () => {
    const listed = await start({ routes: { [`GET ${CONNECTIONS}`]: () => ({ json: { connections: [connection(true)] } }) } })
    await vi.waitFor(() => expect(listed.ctx.state).toMatchObject({ connections: [{ readOnly: true }] }))
    const opened = vi.fn()
    window.open = opened as unknown as typeof window.open
    expect(await rejection(sendCrossAppRequest(listed.ctx, { address: WALLET, method: 'personal_sign', params: [] }))).toMatchObject({
      code: 'CROSS_APP_READ_ONLY',
      message: 'Cannot transact against a read-only provider app',
      rpcCode: 4100,
    })
    expect(opened).not.toHaveBeenCalled()
    kernel!.destroy()
    kernel = null
    await server!.close()
    cleanup()

    const refused = await start({ routes: { [`POST ${INIT}`]: () => ({ status: 403, json: { error: 'Cannot transact against a read-only provider app.', code: 'cross_app_read_only' } }) } })
    const popup = fakePopup()
    expect(await rejection(sendCrossAppRequest(refused.ctx, { address: WALLET, method: 'personal_sign', params: [], win: windowWith(popup) }))).toMatchObject({ code: 'CROSS_APP_READ_ONLY' })
    expect(popup.closed).toBe(true)
  })

  it("refuses without a provider token, for an address that is not the user's provider wallet, and when the popup is blocked", async () => {
    const { ctx, calls } = await start({ token: null })
    expect(await rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: [], win: windowWith(fakePopup()) }))).toMatchObject({
      message: 'Transactions require a valid token',
    })
    expect(await rejection(sendCrossAppRequest(ctx, { address: '0x2222222222222222222222222222222222222222', method: 'personal_sign', params: [] }))).toMatchObject({
      message: 'Cannot request a signature with this wallet address',
    })
    ctx.storage.set(crossAppTokenKey(P), 'provider-token')
    expect(await rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: [], win: windowWith(null) }))).toMatchObject({
      message: 'Failed to initialize signature request',
    })
    expect(calls(INIT)).toHaveLength(0)
  })

  it('a token the server refuses is "Transactions require a valid token"', async () => {
    const { ctx } = await start({ routes: { [`POST ${INIT}`]: () => ({ status: 403, json: { error: 'Transactions require a valid token.', code: 'invalid_credentials' } }) } })
    expect(await rejection(sendCrossAppRequest(ctx, { address: WALLET, method: 'personal_sign', params: [], win: windowWith(fakePopup()) }))).toMatchObject({
      code: 'CROSS_APP_TOKEN_REQUIRED',
    })
  })
})

describe('requester: the EIP-1193 provider', () => {
  it('answers accounts and chain at once, sends on its chain, and rejects with 4001 when the popup closes', async () => {
    const { ctx } = await start()
    const provider = createCrossAppEthereumProvider(ctx, { providerAppId: P, address: WALLET, kind: 'embedded', chainType: 'ethereum' }, { chainId: 31337 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([WALLET])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    expect(changed).toHaveBeenCalledWith('0x1')
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })

    const popup = fakePopup()
    windowWith(popup)
    const sent = provider.request({ method: 'eth_sendTransaction', params: [{ to: WALLET, value: '0x1' }] })
    await navigated(popup)
    expect(payloadOf(popup).params).toEqual([{ to: WALLET, value: '0x1', chainId: 1 }])
    popup.closed = true
    await expect(sent).rejects.toMatchObject({ code: 4001, message: 'User rejected request' })
  })
})

describe('requester: the connected wallets', () => {
  it("lists the provider wallet among useWallets()' connected wallets while the user has it, signing through the provider's page", async () => {
    const { ctx } = await start({ withWallets: true })
    await vi.waitFor(() => expect(walletsOf(kernel!).connected().map((w) => w.address)).toEqual([WALLET]))
    expect(walletsOf(kernel!).connected()[0]).toMatchObject({ walletClientType: 'cross_app', connectorType: 'cross_app', type: 'ethereum' })
    const provider = (await walletsOf(kernel!).connectorOf(WALLET)!.getProvider(WALLET)) as { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
    const popup = fakePopup()
    windowWith(popup)
    const signed = provider.request({ method: 'personal_sign', params: ['0x6869', WALLET] })
    await navigated(popup)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xsig' }, PAGE_ORIGIN, popup)
    await expect(signed).resolves.toBe('0xsig')
    await act(async () => {
      await ctx.logout()
    })
    await vi.waitFor(() => expect(walletsOf(kernel!).connected()).toEqual([]))
  })
})

describe("provider page: answering a requester's request", () => {
  const payload: TransactPayload = { token: 'provider-token', origin: ORIGIN, address: WALLET, method: 'personal_sign', params: ['0x6869', WALLET] }

  it('takes the request out of the address fragment and keeps it in session storage', () => {
    const carried = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    window.history.replaceState(null, '', `/?app=${P}#${TRANSACT_PARAM}=${carried}`)
    expect(readTransactRequest(window)).toEqual(payload)
    expect(window.location.hash).toBe('')
    expect(window.location.search).toBe(`?app=${P}`)
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_TRANSACT_KEY)!)).toEqual(payload)
    expect(readTransactRequest(window)).toEqual(payload)
    window.history.replaceState(null, '', `/#${TRANSACT_PARAM}=bm90LWpzb24`)
    window.sessionStorage.clear()
    expect(readTransactRequest(window)).toBeNull()
  })

  /** A provider-side kernel whose embedded-wallet service is a stand-in answering `personal_sign`. */
  async function providerPage(check: Routes[string], answer: () => Promise<unknown>) {
    const started = await start({ routes: { [`POST ${CHECK}`]: check }, signedIn: false })
    await act(async () => {
      await started.ctx.authenticate(async () => authenticated(wireUser()) as never, { method: 'email' })
    })
    const request = vi.fn(async ({ method }: { method: string }) => (method === 'personal_sign' ? answer() : null))
    const service = {
      wallets: () => [{ address: WALLET, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }],
      getEthereumProvider: () => ({ request }),
    } as unknown as EmbeddedWalletService
    embeddedWalletHooks(kernel!).service.tap('test', () => service)
    const opener = { postMessage: vi.fn() }
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true })
    const closed = vi.spyOn(window, 'close').mockImplementation(() => {})
    return { ...started, opener, closed, request }
  }

  it("posts the wallet's answer to the requester's exact origin once the server agreed, then closes", async () => {
    const { ctx, opener, closed, calls } = await providerPage(() => ({ json: { requester: { id: 'r', name: 'Pixel Quest', icon_url: null } } }), async () => '0xsig')
    await answerTransactRequest(ctx, payload, window)
    expect(calls(CHECK)).toEqual([{ token: 'provider-token', origin: ORIGIN }])
    expect(opener.postMessage).toHaveBeenCalledWith({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xsig' }, ORIGIN)
    expect(closed).toHaveBeenCalled()
  })

  it('posts nothing when the server refuses the origin, and never asks the wallet', async () => {
    const { ctx, opener, closed, request } = await providerPage(() => ({ status: 403, json: { error: 'Invalid connected app.', code: 'invalid_origin' } }), async () => '0xsig')
    await answerTransactRequest(ctx, { ...payload, origin: 'https://evil.test' }, window)
    expect(opener.postMessage).not.toHaveBeenCalled()
    expect(request).not.toHaveBeenCalled()
    expect(closed).toHaveBeenCalled()
  })

  it("answers a read-only refusal and the user's rejection as errors", async () => {
    const readOnly = await providerPage(() => ({ status: 403, json: { error: 'x', code: 'cross_app_read_only' } }), async () => '0xsig')
    await answerTransactRequest(readOnly.ctx, payload, window)
    expect(readOnly.opener.postMessage).toHaveBeenCalledWith(
      { type: CROSS_APP_ACTION_MESSAGES.error, error: 'Cannot transact against a read-only provider app', code: 'CROSS_APP_READ_ONLY' },
      ORIGIN,
    )
    kernel!.destroy()
    kernel = null
    await server!.close()
    cleanup()
    const rejected = await providerPage(() => ({ json: { requester: { id: 'r', name: 'R', icon_url: null } } }), () => Promise.reject(Object.assign(new Error('The user rejected the request.'), { rpcCode: 4001 })))
    await answerTransactRequest(rejected.ctx, payload, window)
    expect(rejected.opener.postMessage).toHaveBeenCalledWith({ type: CROSS_APP_ACTION_MESSAGES.error, error: 'User rejected request', code: 'CROSS_APP_REJECTED' }, ORIGIN)
  })
})

describe('Solana wallets of a provider app', () => {
  const SOL_KEY = ed25519.utils.randomSecretKey()
  const SOL_WALLET = base58.encode(ed25519.getPublicKey(SOL_KEY))
  const solanaAccount = { ...crossAppAccount, embedded_wallets: [{ address: WALLET }, { address: SOL_WALLET }] }

  /** A requester kernel whose user's provider account holds an Ethereum and a Solana wallet. */
  async function startWithSolana(withWallets = false) {
    const started = await start({ signedIn: false, withWallets })
    await act(async () => {
      await started.ctx.authenticate(async () => authenticated(wireUser({ linked_accounts: [solanaAccount] })) as never, { method: `privy:${P}` })
    })
    return started
  }

  it('lists the Solana wallet with its chain, signs a message on the provider page and reads the base64 signature back as bytes', async () => {
    const { ctx } = await startWithSolana()
    expect(crossAppWalletsOf(ctx.session().user).map((w) => [w.address, w.chainType])).toEqual([
      [WALLET, 'ethereum'],
      [SOL_WALLET, 'solana'],
    ])
    const wallet = createCrossAppSolanaWallet(ctx, crossAppWalletsOf(ctx.session().user)[1]!)
    const popup = fakePopup()
    windowWith(popup)
    const signed = wallet.signMessage('Hello from Pixel Quest')
    await navigated(popup)
    expect(payloadOf(popup)).toMatchObject({ address: SOL_WALLET, method: 'solana_signMessage', params: ['Hello from Pixel Quest'] })
    const signature = ed25519.sign(new TextEncoder().encode('Hello from Pixel Quest'), SOL_KEY)
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: Buffer.from(signature).toString('base64') }, PAGE_ORIGIN, popup)
    expect(await signed).toEqual(signature)
  })

  it('sends a transaction as base64 and refuses an answer that is not a signature; refuses a method of the other chain without a popup', async () => {
    const { ctx } = await startWithSolana()
    const [evm, sol] = crossAppWalletsOf(ctx.session().user)
    const wallet = createCrossAppSolanaWallet(ctx, sol!)
    const popup = fakePopup()
    windowWith(popup)
    const sent = rejection(wallet.signAndSendTransaction(new Uint8Array([1, 2, 3])))
    await navigated(popup)
    expect(payloadOf(popup)).toMatchObject({ method: 'solana_signAndSendTransaction', params: ['AQID'] })
    postMessageFrom({ type: CROSS_APP_ACTION_MESSAGES.response, result: '0xnot-base58' }, PAGE_ORIGIN, popup)
    expect(await sent).toMatchObject({ code: 'CROSS_APP_FAILED' })

    const opened = vi.fn(() => fakePopup())
    window.open = opened as unknown as typeof window.open
    expect(await rejection(sendCrossAppRequest(ctx, { address: SOL_WALLET, method: 'personal_sign', params: ['0x6869', SOL_WALLET] }))).toMatchObject({ code: 'CROSS_APP_FAILED' })
    expect(await rejection(sendCrossAppRequest(ctx, { address: evm!.address, method: 'solana_signMessage', params: ['hi'] }))).toMatchObject({ code: 'CROSS_APP_FAILED' })
    // A Solana address is exact: another case is another wallet.
    expect(await rejection(sendCrossAppRequest(ctx, { address: SOL_WALLET.toLowerCase(), method: 'solana_signMessage', params: ['hi'] }))).toMatchObject({ code: 'CROSS_APP_WRONG_ADDRESS' })
    expect(() => createCrossAppSolanaWallet(ctx, evm!)).toThrow(expect.objectContaining({ code: 'CROSS_APP_WRONG_ADDRESS' }))
    expect(opened).not.toHaveBeenCalled()
  })

  it("keeps the Solana wallet out of useWallets()' connected wallets, whose connectors speak EIP-1193", async () => {
    await startWithSolana(true)
    await vi.waitFor(() => expect(walletsOf(kernel!).connected().map((w) => w.address)).toEqual([WALLET]))
  })

  /** A provider page signed in, whose embedded Solana wallet signs with SOL_KEY (or fails as told). */
  async function solanaProviderPage(fail?: unknown) {
    const started = await start({ routes: { [`POST ${CHECK}`]: () => ({ json: { requester: { id: 'r', name: 'Pixel Quest', icon_url: null } } }) }, signedIn: false })
    await act(async () => {
      await started.ctx.authenticate(async () => authenticated(wireUser()) as never, { method: 'email' })
    })
    const signTransaction = vi.fn(async (tx: Uint8Array) => {
      if (fail) throw fail
      return Uint8Array.from([...tx, 9])
    })
    const solana = {
      address: SOL_WALLET,
      signMessage: async (text: string) => {
        if (fail) throw fail
        return ed25519.sign(new TextEncoder().encode(text), SOL_KEY)
      },
      signTransaction,
      signAndSendTransaction: async () => '5'.repeat(88),
    }
    const service = {
      wallets: () => [{ address: SOL_WALLET, chainType: 'solana', walletIndex: 0, imported: false, recoveryMethod: 'privy' }],
      getSolanaWallet: (address: string) => {
        expect(address).toBe(SOL_WALLET)
        return solana
      },
    } as unknown as EmbeddedWalletService
    embeddedWalletHooks(kernel!).service.tap('test', () => service)
    const opener = { postMessage: vi.fn() }
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true })
    vi.spyOn(window, 'close').mockImplementation(() => {})
    return { ...started, opener, signTransaction }
  }

  const solanaPayload = (method: TransactPayload['method'], params: unknown[], address = SOL_WALLET): TransactPayload => ({ token: 'provider-token', origin: ORIGIN, address, method, params })

  it("provider page: signs a message and a transaction with the user's Solana wallet and posts base64 answers to the requester's origin", async () => {
    const { ctx, opener, signTransaction } = await solanaProviderPage()
    await answerTransactRequest(ctx, solanaPayload('solana_signMessage', ['Hello']), window)
    const [[message, origin]] = opener.postMessage.mock.calls as [[{ type: string; result: string }, string]]
    expect([message.type, origin]).toEqual([CROSS_APP_ACTION_MESSAGES.response, ORIGIN])
    expect(ed25519.verify(base64ToBytes(message.result), new TextEncoder().encode('Hello'), base58.decode(SOL_WALLET))).toBe(true)

    opener.postMessage.mockClear()
    await answerTransactRequest(ctx, solanaPayload('solana_signTransaction', ['AQID']), window)
    expect(signTransaction).toHaveBeenCalledWith(new Uint8Array([1, 2, 3]))
    expect(opener.postMessage).toHaveBeenCalledWith({ type: CROSS_APP_ACTION_MESSAGES.response, result: 'AQIDCQ==' }, ORIGIN)

    opener.postMessage.mockClear()
    await answerTransactRequest(ctx, solanaPayload('solana_signAndSendTransaction', ['AQID']), window)
    expect(opener.postMessage).toHaveBeenCalledWith({ type: CROSS_APP_ACTION_MESSAGES.response, result: '5'.repeat(88) }, ORIGIN)
  })

  it("provider page: refuses malformed parameters and another address, and answers the user's decline as a rejection", async () => {
    const page = await solanaProviderPage()
    await answerTransactRequest(page.ctx, solanaPayload('solana_signTransaction', ['not base64!']), window)
    await answerTransactRequest(page.ctx, solanaPayload('solana_signMessage', [42]), window)
    await answerTransactRequest(page.ctx, solanaPayload('solana_signMessage', ['Hello'], SOL_WALLET.toLowerCase()), window)
    expect(page.signTransaction).not.toHaveBeenCalled()
    expect(page.opener.postMessage.mock.calls.map(([m]) => (m as { code: string }).code)).toEqual(['CROSS_APP_FAILED', 'CROSS_APP_FAILED', 'CROSS_APP_WRONG_ADDRESS'])
    kernel!.destroy()
    kernel = null
    await server!.close()
    cleanup()
    const declined = await solanaProviderPage(Object.assign(new Error('The user rejected the request.'), { rpcCode: 4001 }))
    await answerTransactRequest(declined.ctx, solanaPayload('solana_signMessage', ['Hello']), window)
    expect(declined.opener.postMessage).toHaveBeenCalledWith({ type: CROSS_APP_ACTION_MESSAGES.error, error: 'User rejected request', code: 'CROSS_APP_REJECTED' }, ORIGIN)
  })
})
