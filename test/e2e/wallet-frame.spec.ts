/**
 * The wallet frame in a browser: the built frame page under its CSP, on the API's origin, talking to a
 * host page on another origin through the host transport. It creates a wallet and signs; a second
 * profile (empty storage) recovers it automatically; the export frame shows the key that controls the
 * address; the host page never receives key material; a page on an origin the app does not allow
 * cannot frame it. The embedded Ethereum provider sends to anvil, the embedded Solana wallet to a
 * local Solana runtime (litesvm). Runs its own server and host pages (no demo).
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64, hex } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address as solanaAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Signature,
} from '@solana/kit'
import { createPublicClient, http, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { KEY_FRAME_TEXTS, type FrameWallet, type KeyFrameLocale } from '../../protocols/wallet-frame'
import arabic from '../../plugins/embedded-wallets/locales/ar'
import type { WalletFrame } from '../../protocols/wallet-frame/client'
import { emailServer } from '../../plugins/email/server'
import { embeddedWalletsServer } from '../../plugins/embedded-wallets/server'
import { generateEncryptionKey } from '../../server/index'
import { buildFrame } from '../../wallet-frame/build'
import { importWalletKey } from '../../wallet-frame/crypto'
import { createTestInstance, type TestInstance } from '../support/server'
import { rpc, startAnvil, type Anvil } from '../fixtures/anvil'
import { startSolanaRpc, type SolanaRpc } from '../fixtures/solana-rpc'
import type { EmbeddedSolanaWallet } from '../../plugins/embedded-wallets/solana'
import type { HostWindow } from './wallet-frame/host'
import { buildHostScript, serveHostPage } from './wallet-frame/serve'

type FramePage = HostWindow & {
  frame: WalletFrame
  exporter: WalletFrame
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }
  solana: EmbeddedSolanaWallet
}
type Outcome = { ok: true; result: unknown } | { ok: false; code: string; message: string }

let t: TestInstance
let host: Awaited<ReturnType<typeof serveHostPage>>
let stranger: Awaited<ReturnType<typeof serveHostPage>>
const dist = mkdtempSync(join(tmpdir(), 'portico-frame-dist-'))

test.beforeAll(async () => {
  await buildFrame({ outdir: dist })
  const script = await buildHostScript()
  // The app's page is another origin than the API but the same site: a browser context (incognito to
  // Chromium, which blocks third-party storage there) keeps the frame's storage. The stranger is
  // another site.
  host = await serveHostPage(script, '127.0.0.1')
  stranger = await serveHostPage(script, 'localhost')
  t = await createTestInstance({
    app: { allowedOrigins: [host.origin] },
    plugins: [emailServer(), embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey(), frameDist: dist })],
  })
})
test.afterAll(async () => {
  await t?.close()
  await host?.close()
  await stranger?.close()
  rmSync(dist, { recursive: true, force: true })
})

let n = 0
const newToken = async () => (await t.login(`frame-browser-${Date.now()}-${++n}@example.com`)).token!

/** Opens the host page at an origin and the hidden wallet frame in it. */
async function openFrame(page: Page, origin: string, token: string, readyMs?: number): Promise<void> {
  await page.goto(`${origin}/`)
  await page.waitForFunction(() => 'portico' in window)
  await page.evaluate(
    ([api, appId, accessToken, ready]) => {
      const w = window as unknown as FramePage
      w.frame = w.portico.openWalletFrame({
        url: w.portico.frameUrl(api, appId),
        apiOrigin: api,
        getAccessToken: () => accessToken,
        refreshAccessToken: () => null,
        timeouts: ready ? { ready } : {},
      })
    },
    [t.baseUrl, t.appId, token, readyMs ?? 0] as const,
  )
}

/** Sends one operation through the page's transport; the outcome, with the error's code. */
function call(page: Page, op: string, params: unknown, frame: 'frame' | 'exporter' = 'frame'): Promise<Outcome> {
  return page.evaluate(
    ([which, name, p]) =>
      (window as unknown as FramePage)[which].request(name as never, p as never).then(
        (result: unknown) => ({ ok: true as const, result }),
        (e: { code: string; shortMessage: string }) => ({ ok: false as const, code: e.code, message: e.shortMessage }),
      ),
    [frame, op, params] as const,
  )
}

async function ok<T>(outcome: Promise<Outcome>): Promise<T> {
  const o = await outcome
  if (!o.ok) throw new Error(`${o.code}: ${o.message}`)
  return o.result as T
}

/** Signs `hello` with personal_sign in the frame and checks the signature with viem. */
async function signsAs(page: Page, wallet: FrameWallet): Promise<boolean> {
  const { result } = await ok<{ result: Hex }>(
    call(page, 'rpc', { entropyId: wallet.entropyId, address: wallet.address, chainType: 'ethereum', request: { method: 'personal_sign', params: [toHex('hello'), wallet.address] } }),
  )
  return verifyMessage({ address: wallet.address as Hex, message: 'hello', signature: result })
}

/**
 * Opens the export frame in the page and has it show a wallet's private key (in a locale's texts, as
 * the embedded-wallets plugin sends them): the key as the frame shows it.
 */
async function exportedKey(page: Page, token: string, wallet: FrameWallet, locale: KeyFrameLocale = {}): Promise<string> {
  await page.evaluate(
    ([api, appId, accessToken]) => {
      const w = window as unknown as FramePage
      w.exporter = w.portico.openWalletFrame({
        url: w.portico.exportFrameUrl(api, appId, { theme: 'dark', accentColor: '#ff5500' }),
        apiOrigin: api,
        getAccessToken: () => accessToken,
        refreshAccessToken: () => null,
        visible: true,
        title: 'Export wallet',
        parent: document.getElementById('export')!,
      })
    },
    [t.baseUrl, t.appId, token] as const,
  )
  const params = { entropyId: wallet.entropyId, address: wallet.address, chainType: wallet.chainType, phrase: false, ...locale }
  expect(await ok(call(page, 'export', params, 'exporter'))).toEqual({ shown: true })
  const label = locale.texts?.EMBEDDED_KEY_PRIVATE_KEY ?? KEY_FRAME_TEXTS.EMBEDDED_KEY_PRIVATE_KEY
  return page.frameLocator('iframe[title="Export wallet"]').getByRole('textbox', { name: label }).inputValue()
}

test('the export frame shows the texts of the page’s locale: Arabic right to left, the key left to right', async ({ page }) => {
  const token = await newToken()
  await openFrame(page, host.origin, token)
  const wallet = await ok<FrameWallet>(call(page, 'create', { chainType: 'ethereum', recovery: { method: 'privy' } }))
  const texts = Object.fromEntries(Object.keys(KEY_FRAME_TEXTS).map((key) => [key, arabic[key as keyof typeof KEY_FRAME_TEXTS]]))
  const keyText = await exportedKey(page, token, wallet, { texts, lang: 'ar', dir: 'rtl' })
  expect(importWalletKey('ethereum', keyText).address).toBe(wallet.address)
  const exporter = page.frameLocator('iframe[title="Export wallet"]')
  await expect(exporter.getByRole('heading', { name: arabic.EMBEDDED_KEY_PRIVATE_KEY_TITLE })).toBeVisible()
  await expect(exporter.getByText(arabic.EMBEDDED_KEY_PRIVATE_KEY_WARNING)).toBeVisible()
  await expect(exporter.getByRole('button', { name: arabic.EMBEDDED_KEY_COPY })).toBeVisible()
  await expect(exporter.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(exporter.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(exporter.getByRole('textbox')).toHaveAttribute('dir', 'ltr')
  // At the size the modal gives it on a phone.
  await page.locator('iframe[title="Export wallet"]').evaluate((frame: HTMLIFrameElement) => Object.assign(frame.style, { width: '360px', height: '300px' }))
  await page.locator('iframe[title="Export wallet"]').screenshot({ path: test.info().outputPath('export-frame-ar-dark.png') })
})

async function freshProfile(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

test('creates a wallet in the frame and signs with it; the export frame shows its key; the page never receives key material', async ({ page }) => {
  const token = await newToken()
  await openFrame(page, host.origin, token)
  const wallet = await ok<FrameWallet>(call(page, 'create', { chainType: 'ethereum', recovery: { method: 'privy' } }))
  expect(wallet).toMatchObject({ chainType: 'ethereum', walletIndex: 0, recoveryMethod: 'privy' })
  expect(await signsAs(page, wallet)).toBe(true)

  // Forgotten in memory, the frame connects again from this browser's device share.
  expect(await ok(call(page, 'clear', {}))).toEqual({ cleared: true })
  expect(await signsAs(page, wallet)).toBe(true)

  // What the frame keeps on the API's origin: one device share.
  const walletFrame = page.frames().find((f) => f.url().startsWith(`${t.baseUrl}/apps/`))!
  const stored = await walletFrame.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)!))
  expect(stored).toHaveLength(1)

  // The export frame, visible in the page, shows the key; the page learns only that it did.
  const keyText = await exportedKey(page, token, wallet)
  expect(importWalletKey('ethereum', keyText).address).toBe(wallet.address)
  await expect(page.frameLocator('iframe[title="Export wallet"]').getByRole('button', { name: 'Copy' })).toBeVisible()

  // Every message the page received came from the API's origin and carries no key material.
  const received = await page.evaluate(() => (window as unknown as FramePage).received)
  expect(received.length).toBeGreaterThan(0)
  for (const m of received) {
    expect(m.origin).toBe(t.baseUrl)
    expect(m.data).not.toContain(keyText.slice(2))
    expect(m.data.toLowerCase()).not.toContain(keyText.slice(2).toLowerCase())
    for (const share of stored) expect(m.data).not.toContain(share)
  }
})

test('a second browser profile recovers the wallet automatically and signs with the same address', async ({ page, browser }) => {
  const token = await newToken()
  await openFrame(page, host.origin, token)
  const wallet = await ok<FrameWallet>(call(page, 'create', { chainType: 'ethereum', recovery: { method: 'privy' } }))

  const other = await freshProfile(browser)
  try {
    await openFrame(other, host.origin, token)
    const { wallets } = await ok<{ wallets: FrameWallet[] }>(call(other, 'connect', { entropyId: wallet.entropyId }))
    expect(wallets.map((w) => w.address)).toEqual([wallet.address])
    expect(await signsAs(other, wallet)).toBe(true)
  } finally {
    await other.context().close()
  }
})

test('a password wallet connects again in its browser, and on a second profile asks for the password, refuses a wrong one, recovers with the right one', async ({ page, browser }) => {
  const token = await newToken()
  await openFrame(page, host.origin, token)
  const wallet = await ok<FrameWallet>(call(page, 'create', { chainType: 'ethereum', recovery: { method: 'user-passcode', password: 'hunter22' } }))
  // This browser kept its device share: a new page load connects without the password.
  await openFrame(page, host.origin, token)
  expect(await call(page, 'connect', { entropyId: wallet.entropyId })).toMatchObject({ ok: true })

  const other = await freshProfile(browser)
  try {
    await openFrame(other, host.origin, token)
    expect(await call(other, 'connect', { entropyId: wallet.entropyId })).toMatchObject({ ok: false, code: 'recovery_needed' })
    expect(await call(other, 'recover', { entropyId: wallet.entropyId, password: 'hunter23' })).toEqual({
      ok: false,
      code: 'invalid_recovery_pin',
      message: 'Invalid recovery password, please try again.',
    })
    await ok(call(other, 'recover', { entropyId: wallet.entropyId, password: 'hunter22' }))
    expect(await signsAs(other, wallet)).toBe(true)
  } finally {
    await other.context().close()
  }
})

test('a page on an origin the app does not allow cannot frame the wallet', async ({ page }) => {
  const refused = page.waitForEvent('console', (m) => m.text().includes('frame-ancestors'))
  await openFrame(page, stranger.origin, await newToken(), 1_000)
  await refused
  expect(await call(page, 'clear', {})).toMatchObject({ ok: false, code: 'frame_timeout' })
  const received = await page.evaluate(() => (window as unknown as FramePage).received)
  expect(received).toEqual([])
})

test.describe('the embedded Ethereum provider', () => {
  let anvil: Anvil
  test.beforeAll(async () => {
    anvil = await startAnvil()
  })
  test.afterAll(async () => {
    await anvil?.close()
  })

  const typedData = {
    domain: { name: 'Portico test', version: '1', chainId: 31337, verifyingContract: '0x0000000000000000000000000000000000000001' as Hex },
    types: { Mail: [{ name: 'to', type: 'address' }, { name: 'contents', type: 'string' }] },
    primaryType: 'Mail' as const,
    message: { to: '0x0000000000000000000000000000000000000002' as Hex, contents: 'Hello' },
  }

  test('answers accounts and chain, signs typed data in the frame, and sends a transaction that anvil mines', async ({ page }) => {
    const token = await newToken()
    await openFrame(page, host.origin, token)
    const wallet = await ok<FrameWallet>(call(page, 'create', { chainType: 'ethereum', recovery: { method: 'privy' } }))
    await rpc(anvil.url, 'anvil_setBalance', [wallet.address, '0xde0b6b3a7640000'])
    await page.evaluate(
      ([w, rpcUrl, chainId]) => {
        const host = window as unknown as FramePage
        host.provider = host.portico.createEmbeddedEthereumProvider({
          wallet: { address: w.address, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' },
          chains: [{ id: chainId, rpcUrl }],
          chainId,
          sign: (request) =>
            host.frame.request('rpc', { entropyId: w.entropyId, address: w.address, chainType: 'ethereum', request }).then((r) => r.result),
        })
      },
      [wallet, anvil.url, anvil.chainId] as const,
    )
    const request = (method: string, params?: unknown) =>
      page.evaluate(([m, p]) => (window as unknown as FramePage).provider.request({ method: m, params: p }), [method, params] as const)

    expect(await request('eth_requestAccounts')).toEqual([wallet.address])
    expect(await request('eth_chainId')).toBe(`0x${anvil.chainId.toString(16)}`)
    await expect(request('wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toThrow('Unsupported chainId: 1')

    const signature = (await request('eth_signTypedData_v4', [wallet.address, JSON.stringify(typedData)])) as Hex
    expect(await verifyTypedData({ ...typedData, address: wallet.address as Hex, signature })).toBe(true)

    const to = '0x000000000000000000000000000000000000dEaD'
    const hash = (await request('eth_sendTransaction', [{ from: wallet.address, to, value: '0x2386f26fc10000' }])) as Hex
    const client = createPublicClient({ transport: http(anvil.url) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(10_000_000_000_000_000n)
  })
})

test.describe('the embedded Solana wallet', () => {
  let cluster: SolanaRpc
  test.beforeAll(async () => {
    cluster = await startSolanaRpc()
  })
  test.afterAll(async () => {
    await cluster?.close()
  })

  test('signs a message and sends a SOL transfer that the Solana runtime runs; the page never receives the key', async ({ page }) => {
    const SOL = 1_000_000_000n
    const token = await newToken()
    await openFrame(page, host.origin, token)
    const wallet = await ok<FrameWallet>(call(page, 'create', { chainType: 'solana', recovery: { method: 'privy' } }))
    expect(wallet).toMatchObject({ chainType: 'solana', walletIndex: 0, recoveryMethod: 'privy' })
    const solana = createSolanaRpc(cluster.url)
    await solana.requestAirdrop(solanaAddress(wallet.address), lamports(SOL)).send()

    // The host app's wallet object, signing in the frame and sending to the app's Solana RPC.
    await page.evaluate(
      ([w, rpcUrl]) => {
        const host = window as unknown as FramePage
        host.solana = host.portico.createEmbeddedSolanaWallet({
          wallet: { address: w.address, chainType: 'solana', walletIndex: 0, imported: false, recoveryMethod: 'privy' },
          sign: (request) => host.frame.request('rpc', { entropyId: w.entropyId, address: w.address, chainType: 'solana', request }).then((r) => r.result),
          rpcUrl: () => rpcUrl,
          authenticated: () => true,
        })
      },
      [wallet, cluster.url] as const,
    )

    const message = 'Sign in to Portico with Solana'
    const signature = await page.evaluate((m) => (window as unknown as FramePage).solana.signMessage(m).then((s) => Array.from(s)), message)
    expect(ed25519.verify(Uint8Array.from(signature), new TextEncoder().encode(message), base58.decode(wallet.address))).toBe(true)
    // Anything but a string is refused in the page, before the frame is asked.
    const refused = await page.evaluate(() =>
      (window as unknown as FramePage).solana.signMessage(new Uint8Array([1, 2]) as never).then(
        () => null,
        (e: { code: string; shortMessage: string }) => ({ code: e.code, message: e.shortMessage }),
      ),
    )
    expect(refused).toEqual({ code: 'invalid_request', message: 'Solana message signing needs a string message' })

    // A transfer the host builds with kit (the wallet pays the fee), signed in the frame and sent.
    const bob = await generateKeyPairSigner()
    const { value: blockhash } = await solana.getLatestBlockhash().send()
    const transfer = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(solanaAddress(wallet.address), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(solanaAddress(wallet.address)), destination: bob.address, amount: SOL / 10n }), m),
      ),
    )
    const sent = (await page.evaluate((wire) => {
      const host = window as unknown as FramePage
      return host.solana.signAndSendTransaction(host.portico.decodeTransaction(wire))
    }, getBase64EncodedWireTransaction(transfer))) as Signature
    const { value: statuses } = await solana.getSignatureStatuses([sent]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect((await solana.getBalance(bob.address).send()).value).toBe(SOL / 10n)
    expect((await solana.getBalance(solanaAddress(wallet.address)).send()).value).toBe(SOL - SOL / 10n - 5_000n)

    // The key, as the export frame shows it (base58 of the 64-byte key pair): no message the page
    // received carries it, its 32-byte seed in any common encoding, or the device share.
    const keyText = await exportedKey(page, token, wallet)
    expect(importWalletKey('solana', keyText).address).toBe(wallet.address)
    const seed = base58.decode(keyText).slice(0, 32)
    const walletFrame = page.frames().find((f) => f.url().startsWith(`${t.baseUrl}/apps/`) && !f.url().includes('/export'))!
    const stored = await walletFrame.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)!))
    expect(stored).toHaveLength(1)
    const received = await page.evaluate(() => (window as unknown as FramePage).received)
    expect(received.length).toBeGreaterThan(0)
    for (const m of received) {
      expect(m.origin).toBe(t.baseUrl)
      for (const secret of [keyText, base58.encode(seed), base64.encode(seed), hex.encode(seed), ...stored]) expect(m.data).not.toContain(secret)
    }
  })
})
