// @vitest-environment node
/**
 * The WalletConnect plugin with the real `@walletconnect/ethereum-provider`, up to the wallet: the
 * provider talks to a relay stand-in on 127.0.0.1 (a WebSocket server that acknowledges every
 * JSON-RPC call), so it really pairs and emits its `display_uri`; no wallet ever answers, so the
 * attempt is cancelled. What follows a connection is the shared connector contract, driven
 * elsewhere by the test wallet.
 */
import { walletsOf } from '../wallets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { WALLET_ERROR_CODES } from '../wallets'
import { deepLink } from '../wallets'
import { startHarness } from '../../test/support/ui-harness'
import { WALLET_CONNECT_ENTRY_ID, WALLET_CONNECT_NAMED_WALLETS, walletConnect, walletConnectSource, type WalletConnectDeps } from './index'

let relay: WebSocketServer
let relayUrl = ''
const relayCalls: string[] = []

beforeAll(async () => {
  relay = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((r) => relay.once('listening', r))
  relayUrl = `ws://127.0.0.1:${(relay.address() as { port: number }).port}`
  relay.on('connection', (socket) => {
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id: number; method?: string }
      if (!msg.method) return
      relayCalls.push(msg.method)
      const result = msg.method.endsWith('_subscribe') ? `sub-${msg.id}` : msg.method.endsWith('_batchSubscribe') ? [] : true
      socket.send(JSON.stringify({ id: msg.id, jsonrpc: '2.0', result }))
    })
  })
})

afterAll(async () => {
  for (const client of relay.clients) client.terminate()
  await new Promise((r) => relay.close(r))
})

const metadata = { name: 'Test app', description: 'Test app', url: 'http://localhost:3000', icons: [] }

function recordingDeps(projectId: string | null) {
  const shown: { uri: string; walletId: string | null; cancel: () => void }[] = []
  let settled = 0
  const deps: WalletConnectDeps = {
    projectId: () => projectId,
    app: () => ({ metadata, chainIds: [1, 8453] }),
    show: (uri, walletId, cancel) => shown.push({ uri, walletId, cancel }),
    settled: () => void settled++,
    relayUrl,
  }
  return { deps, shown, settled: () => settled }
}

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('wallet-connect', () => {
  it('behavior: without a project id (options or app) nothing is offered', async () => {
    const harness = await startHarness({ plugins: [walletConnect()], app: { wallet_connect_cloud_project_id: null } })
    try {
      expect(walletsOf(harness.kernel).entries().filter((e) => e.id.startsWith('wallet-connect:'))).toEqual([])
    } finally {
      await harness.close()
    }
    expect(walletConnectSource(recordingDeps(null).deps).entries()).toEqual([])
  })

  it("default: the app's project id offers WalletConnect and the named mobile wallets through it", async () => {
    const harness = await startHarness({ plugins: [walletConnect()], app: { wallet_connect_cloud_project_id: '0123456789abcdef0123456789abcdef' } })
    try {
      const entries = walletsOf(harness.kernel).entries().filter((e) => e.id.startsWith('wallet-connect:'))
      expect(entries.map((e) => e.id)).toEqual([WALLET_CONNECT_ENTRY_ID, ...WALLET_CONNECT_NAMED_WALLETS.map((id) => `wallet-connect:${id}`)])
      expect(entries.every((e) => e.connectorType === 'wallet_connect_v2' && !e.installed && e.chainType === 'ethereum')).toBe(true)
      expect(entries.find((e) => e.id === 'wallet-connect:metamask')).toMatchObject({ walletClientType: 'metamask', branding: { id: 'io.metamask', name: 'MetaMask' } })
      expect(WALLET_CONNECT_NAMED_WALLETS).toContain('rainbow')
      expect(WALLET_CONNECT_NAMED_WALLETS).not.toContain('coinbase_wallet')
    } finally {
      await harness.close()
    }
  })

  it('behavior: a named wallet entry loads the real provider, pairs through the relay, hands its uri to the QR screen with a deep link, and cancels cleanly', async () => {
    const { deps, shown, settled } = recordingDeps('0123456789abcdef0123456789abcdef')
    const entry = walletConnectSource(deps).entries().find((e) => e.id === 'wallet-connect:rainbow')!
    const connector = await entry.load()
    expect(connector.connectorType).toBe('wallet_connect_v2')
    expect(connector.walletClientType).toBe('rainbow')
    expect(await connector.getAccounts()).toEqual([])

    const pending = connector.connect()
    await until(() => shown.length > 0)
    // The pairing was announced to the relay before the uri was shown.
    expect(relayCalls.length).toBeGreaterThan(0)
    const { uri, walletId, cancel } = shown[0]!
    expect(walletId).toBe('rainbow')
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(new URL(deepLink('rainbow', uri, { preferUniversal: true })!).searchParams.get('uri')).toBe(uri)

    cancel()
    await expect(pending).rejects.toMatchObject({ code: WALLET_ERROR_CODES.aborted })
    expect(settled()).toBe(1)
    await connector.disconnect()
    expect(await connector.getAccounts()).toEqual([])
  })

  it("behavior: the caller's abort signal ends an attempt too, and the entries share one provider", async () => {
    const { deps, shown } = recordingDeps('0123456789abcdef0123456789abcdef')
    const source = walletConnectSource(deps)
    const [generic, metamask] = [source.entries()[0]!, source.entries().find((e) => e.id === 'wallet-connect:metamask')!]
    const a = await generic.load()
    const b = await metamask.load()
    expect(await a.getProvider()).toBe(await b.getProvider())
    expect(a.walletClientType).toBe('wallet_connect')

    const controller = new AbortController()
    const pending = a.connect({ signal: controller.signal })
    await until(() => shown.length > 0)
    expect(shown[0]!.walletId).toBeNull()
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: WALLET_ERROR_CODES.aborted })
    await a.disconnect()
  })
})
