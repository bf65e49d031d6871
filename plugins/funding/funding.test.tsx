// @vitest-environment jsdom
/**
 * The funding plugin: request checks, the method hooks (contribute, enable, filter, order), the
 * method selection screen and the flow from `fundWallet` to a method's screen and back, with a real
 * kernel against the UI harness's HTTP server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { PorticoProvider } from '../../ui/provider'
import { axeViolations, authenticated, renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import { definePlugin, type PluginDefinition } from '../../kernel/plugin'
import type { AuthenticatedUser } from '../../kernel/wire'
import { PorticoError } from '../../kernel/errors'
import type { MessageKey } from '../../kernel/messages'
import { email } from '../email'
import { embeddedWalletHooks, embeddedWallets, EMBEDDED_WALLET_SCREENS } from '../embedded-wallets'
import { embeddedAccount } from '../embedded-wallets/test-wallets'
import {
  FUNDING_METHODS_SCREEN,
  acceptsAmountInput,
  buildFundingRequest,
  findFunding,
  funding,
  fundingHooks,
  fundWallet,
  isFundableAmount,
  useFundingFlow,
  type FundingMethod,
  type FundingOptions,
  type FundingResult,
} from './index'

const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOL = '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs'
const chains = {
  supportedChains: [
    { id: 'eip155:1', name: 'Ethereum', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    { id: 'eip155:8453', name: 'Base', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  ],
  defaultChain: 'eip155:1',
}

/** A funding method plugin as a third party writes one: tiles through the hook, a screen that finishes the flow. */
function method(id: string, tiles: Partial<FundingMethod>[], screenBody?: () => React.ReactElement): PluginDefinition {
  function MethodScreen() {
    const flow = useFundingFlow()
    const [done, setDone] = useState(false)
    return (
      <div>
        <h2>{`${id} screen`}</h2>
        <p data-testid="request">{flow ? `${done ? 'done ' : ''}${flow.request.address} ${flow.request.chain?.id ?? flow.request.cluster?.name} ${flow.request.amount}` : 'no flow'}</p>
        <button type="button" onClick={() => (flow?.complete({ amount: '0.5', details: { receipt: 'r-1' } }), setDone(true))}>Finish</button>
        <button type="button" onClick={() => flow?.showMethods(new PorticoError('refused', { code: `${id.toUpperCase()}_REFUSED` }))}>
          Fail
        </button>
      </div>
    )
  }
  return definePlugin({
    id,
    kind: 'funding',
    requires: [funding()],
    screens: { pay: { load: async () => ({ default: screenBody ?? MethodScreen }) } },
    // Keys made per test plugin: no table declares them to the type checker.
    errors: { [`${id.toUpperCase()}_REFUSED`]: { inline: true, message: `${id.toUpperCase()}_REFUSED` as MessageKey } },
    messages: {
      [`${id.toUpperCase()}_REFUSED`]: 'The voucher was refused',
      ...Object.fromEntries(tiles.map((t) => [`${id.toUpperCase()}_${t.id!.toUpperCase()}`, `Pay with ${t.id}`])),
    },
    setup: (ctx) =>
      fundingHooks(ctx).methods.tap(id, (list) => [
        ...list,
        ...tiles.map((t) => ({ method: 'card', label: `${id.toUpperCase()}_${t.id!.toUpperCase()}`, screen: `${id}/pay`, ...t }) as FundingMethod),
      ]),
  })
}

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

async function start(plugins: PluginDefinition[], options?: FundingOptions, app?: Record<string, unknown>): Promise<Harness> {
  h = await startHarness({ plugins: [email(), ...(options ? [funding(options)] : []), ...plugins], config: chains, ...(app ? { app } : {}) })
  return h
}

async function signIn(harness: Harness): Promise<void> {
  await harness.kernel.contextFor('email').authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
  expect(harness.kernel.state.session.status).toBe('authenticated')
}

/**
 * Renders the provider and starts a funding flow; once the selection shows, resolves to the flow's
 * result, wrapped (an async function returning a promise would wait for it).
 */
async function openFunding(harness: Harness, options = {}): Promise<{ result: Promise<FundingResult> }> {
  await renderScreen(harness.kernel, FUNDING_METHODS_SCREEN)
  await act(async () => harness.kernel.closeModal({ force: true }))
  let result!: Promise<FundingResult>
  await act(async () => {
    result = fundWallet(harness.kernel, EVM, options)
    result.catch(() => undefined)
  })
  await screen.findByRole('list', { name: 'Funding methods' })
  return { result }
}

describe('funding requests', () => {
  it('default: an EVM address is funded on the default chain in native currency, with no amount', () => {
    expect(buildFundingRequest(EVM, {}, chains, null)).toEqual({
      address: EVM,
      chainType: 'ethereum',
      chain: chains.supportedChains[0],
      cluster: null,
      amount: null,
      asset: 'native-currency',
      crossChainBridgingEnabled: false,
    })
  })

  it('behavior: a Solana address is funded on mainnet-beta unless a cluster is named', () => {
    expect(buildFundingRequest(SOL, { amount: '1.5', asset: 'USDC' }, chains, null)).toMatchObject({
      chainType: 'solana',
      chain: null,
      cluster: { name: 'mainnet-beta' },
      amount: '1.5',
      asset: 'USDC',
    })
    expect(buildFundingRequest(SOL, { cluster: { name: 'devnet' } }, chains, '0.1').cluster).toEqual({ name: 'devnet' })
  })

  it("behavior: a chain the app does not list is refused with the spec's text", () => {
    expect(() => buildFundingRequest(EVM, { chain: 'eip155:5' }, chains, null)).toThrow(
      expect.objectContaining({ code: 'FUNDING_CHAIN_NOT_CONFIGURED', shortMessage: 'Funding chain eip155:5 is not in PrivyProvider chains list' }),
    )
  })

  it.each([
    ['an address of neither kind', 'not-an-address', {}],
    ['a chain that is not CAIP-2', EVM, { chain: '8453' }],
    ['a chain for a Solana address', SOL, { chain: 'eip155:1' }],
    ['a cluster for an EVM address', EVM, { cluster: { name: 'devnet' } }],
    ['an unknown cluster', SOL, { cluster: { name: 'localnet' } }],
    ['an amount of 0', EVM, { amount: '0.0' }],
    ['an amount with two points', EVM, { amount: '1.2.3' }],
    ['a negative amount', EVM, { amount: '-1' }],
    ['an ERC-20 asset for Solana', SOL, { asset: { erc20: EVM } }],
    ['an unknown asset', EVM, { asset: 'DOGE' }],
  ])("behavior: %s is 'Invalid funding data'", (_name, address, options) => {
    expect(() => buildFundingRequest(address, options as never, chains, null)).toThrow(
      expect.objectContaining({ code: 'FUNDING_INVALID_DATA', shortMessage: 'Invalid funding data' }),
    )
  })

  it('behavior: amounts are digits and at most one decimal point, fundable only above 0', () => {
    expect(['', '.', '0', '12', '0.5', '.5', '5.'].map(acceptsAmountInput)).toEqual([true, true, true, true, true, true, true])
    expect(['1.2.3', '1,5', '-1', '1e3', ' 1', 'abc'].map(acceptsAmountInput)).toEqual([false, false, false, false, false, false])
    expect(['0.01', '.5', '5.', '3'].map(isFundableAmount)).toEqual([true, true, true, true])
    expect(['', '.', '0', '0.000', '1.2.3'].map(isFundableAmount)).toEqual([false, false, false, false, false])
  })
})

describe('funding method hooks', () => {
  it('default: the tiles are the contributed ones, in order, then in tap order', async () => {
    const harness = await start([
      method('alpha', [{ id: 'late', order: 300 }, { id: 'first', order: 10 }]),
      method('beta', [{ id: 'tie-a' }, { id: 'tie-b' }]),
    ])
    const request = buildFundingRequest(EVM, {}, chains, null)
    expect(findFunding(harness.kernel)!.methodsFor(request).map((m) => m.id)).toEqual(['first', 'tie-a', 'tie-b', 'late'])
  })

  it("behavior: the funding plugin's options keep only the methods they name, by kind and provider", async () => {
    const harness = await start(
      [
        method('alpha', [
          { id: 'moon-card', method: 'card', provider: 'moonpay' },
          { id: 'coin-card', method: 'card', provider: 'coinbase' },
          { id: 'exchange', method: 'exchange', provider: 'coinbase' },
          { id: 'receive', method: 'payment-request' },
        ]),
      ],
      { options: [{ method: 'card', provider: 'coinbase' }, { method: 'payment-request' }] },
    )
    const request = buildFundingRequest(EVM, {}, chains, null)
    expect(findFunding(harness.kernel)!.methodsFor(request).map((m) => m.id)).toEqual(['coin-card', 'receive'])
  })

  it('behavior: a tile that is not available for the request (chain, asset, config) is left out', async () => {
    const seen: unknown[] = []
    const harness = await start([
      method('alpha', [
        { id: 'base-only', available: (r) => r.chain?.id === 'eip155:8453' },
        { id: 'usdc-only', available: (r, config) => (seen.push(config.name), r.asset === 'USDC') },
        { id: 'always' },
      ]),
    ])
    const core = findFunding(harness.kernel)!
    expect(core.methodsFor(buildFundingRequest(EVM, {}, chains, null)).map((m) => m.id)).toEqual(['always'])
    expect(core.methodsFor(buildFundingRequest(EVM, { chain: 'eip155:8453', asset: 'USDC' }, chains, null)).map((m) => m.id)).toEqual([
      'base-only',
      'usdc-only',
      'always',
    ])
    expect(seen).toContain('Acme')
  })

  it('behavior: two tiles with one id are refused as an invalid plugin', async () => {
    const harness = await start([method('alpha', [{ id: 'same' }]), method('beta', [{ id: 'same' }])])
    expect(() => findFunding(harness.kernel)!.methodsFor(buildFundingRequest(EVM, {}, chains, null))).toThrow(
      expect.objectContaining({ code: 'invalid_plugin' }),
    )
  })
})

describe('fundWallet', () => {
  it('behavior: nobody signed in is refused before the modal opens', async () => {
    const harness = await start([method('alpha', [{ id: 'one' }])])
    await expect(fundWallet(harness.kernel, EVM)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(harness.kernel.state.modal.open).toBe(false)
  })

  it("behavior: without a funding method, or with every method turned off, it is 'Wallet funding is not enabled'", async () => {
    for (const [plugins, options] of [
      [[], undefined],
      [[funding()], undefined],
      [[method('alpha', [{ id: 'one' }])], { options: [] }],
      [[method('alpha', [{ id: 'base-only', available: (r: { chain: { id: string } | null }) => r.chain?.id === 'eip155:8453' }])], undefined],
    ] as [PluginDefinition[], FundingOptions | undefined][]) {
      const harness = await start(plugins, options)
      await signIn(harness)
      await expect(fundWallet(harness.kernel, EVM)).rejects.toMatchObject({
        code: 'FUNDING_NOT_ENABLED',
        shortMessage: 'Wallet funding is not enabled',
      })
      expect(harness.kernel.state.modal.open).toBe(false)
      await harness.close()
      h = null
    }
  })

  it("behavior: the funding plugin's defaultAmount fills a call without an amount; a malformed one is refused at once", async () => {
    expect(() => funding({ defaultAmount: '1.2.3' })).toThrow(expect.objectContaining({ code: 'invalid_plugin' }))
    const harness = await start([method('alpha', [{ id: 'one' }])], { defaultAmount: '0.02' })
    await signIn(harness)
    const core = findFunding(harness.kernel)!
    expect(core.prepare(EVM).amount).toBe('0.02')
    expect(core.prepare(EVM, { amount: '3' }).amount).toBe('3')
  })

  it("behavior: a chain outside the app's list is refused with the spec's text", async () => {
    const harness = await start([method('alpha', [{ id: 'one' }])])
    await signIn(harness)
    await expect(fundWallet(harness.kernel, EVM, { chain: 'eip155:10' })).rejects.toMatchObject({
      code: 'FUNDING_CHAIN_NOT_CONFIGURED',
      shortMessage: 'Funding chain eip155:10 is not in PrivyProvider chains list',
    })
  })
})

describe('method selection and flow', () => {
  it("default: 'Add funds to your … wallet' lists the tiles; a tile opens its screen, which finishes the flow and closes the modal", async () => {
    const harness = await start([method('alpha', [{ id: 'voucher', order: 20 }, { id: 'card', order: 10 }])])
    const events: string[] = []
    fundingHooks(harness.kernel).started.tap('test', (r) => void events.push(`started ${r.address}`))
    fundingHooks(harness.kernel).methodOpened.tap('test', (m) => void events.push(`opened ${m.id}`))
    fundingHooks(harness.kernel).finished.tap('test', (r) => void events.push(`finished ${r.status}`))
    await signIn(harness)
    const { result } = await openFunding(harness, { chain: 'eip155:8453', amount: '0.25' })

    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Add funds to your Acme wallet' })).toBeTruthy()
    const tiles = within(screen.getByRole('list', { name: 'Funding methods' })).getAllByRole('button')
    expect(tiles.map((b) => b.textContent)).toEqual(['Pay with card', 'Pay with voucher'])
    expect(await axeViolations()).toEqual([])

    await act(async () => fireEvent.click(tiles[1]!))
    expect(await screen.findByRole('heading', { name: 'alpha screen' })).toBeTruthy()
    expect(screen.getByTestId('request').textContent).toBe(`${EVM} eip155:8453 0.25`)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Finish' })))
    // The flow is over, but the method's screen keeps the one it opened in while its success shows.
    expect(findFunding(harness.kernel)!.current()).toBeNull()
    expect(screen.getByTestId('request').textContent).toBe(`done ${EVM} eip155:8453 0.5`)
    expect(harness.kernel.state.modal.open).toBe(true)
    // Then the flow's step ends: the modal closes and fundWallet resolves with the method's outcome.
    let finished!: FundingResult
    await act(async () => {
      finished = await result
    })
    expect(finished).toMatchObject({
      status: 'completed',
      address: EVM,
      method: 'voucher',
      request: { amount: '0.5', chain: { id: 'eip155:8453' } },
      details: { receipt: 'r-1' },
    })
    expect(harness.kernel.state.modal.open).toBe(false)
    expect(harness.kernel.flow.steps()).toEqual([])
    expect(events).toEqual([`started ${EVM}`, 'opened voucher', 'finished completed'])
  })

  it('behavior: a method that fails sends the user back to the selection with its error shown', async () => {
    const harness = await start([method('alpha', [{ id: 'voucher' }])])
    await signIn(harness)
    await openFunding(harness)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with voucher' })))
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Fail' })))
    expect(await screen.findByRole('heading', { name: 'Add funds to your Acme wallet' })).toBeTruthy()
    expect(screen.getByText('The voucher was refused')).toBeTruthy()
    expect(harness.kernel.state.modal.stack.map((s) => s.screen)).toEqual([FUNDING_METHODS_SCREEN])
  })

  it('behavior: closing the modal ends the flow as exited, naming the method last opened', async () => {
    const harness = await start([method('alpha', [{ id: 'voucher' }])])
    const finished: FundingResult[] = []
    fundingHooks(harness.kernel).finished.tap('test', (r) => void finished.push(r))
    await signIn(harness)
    const { result } = await openFunding(harness)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with voucher' })))
    await screen.findByRole('heading', { name: 'alpha screen' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })))
    await expect(result).resolves.toMatchObject({ status: 'exited', method: 'voucher', address: EVM })
    expect(finished).toHaveLength(1)
    // The flow is over: a late finish from the method's screen changes nothing.
    expect(findFunding(harness.kernel)!.current()).toBeNull()
  })

  it('behavior: Back from a method returns to the selection; Back from the selection ends the flow as exited', async () => {
    const harness = await start([
      definePlugin({ id: 'host', kind: 'feature', screens: { home: { load: async () => ({ default: () => <h2>Home</h2> }) } } }),
      method('alpha', [{ id: 'voucher' }]),
    ])
    await signIn(harness)
    await renderScreen(harness.kernel, 'host/home')
    let result!: Promise<FundingResult>
    await act(async () => {
      result = fundWallet(harness.kernel, EVM)
    })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Pay with voucher' })))
    await screen.findByRole('heading', { name: 'alpha screen' })
    expect(harness.kernel.flow.steps().map((s) => s.screen)).toEqual([FUNDING_METHODS_SCREEN, 'alpha/pay'])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })))
    expect(await screen.findByRole('heading', { name: 'Add funds to your Acme wallet' })).toBeTruthy()
    expect(harness.kernel.flow.steps().map((s) => s.screen)).toEqual([FUNDING_METHODS_SCREEN])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })))
    await expect(result).resolves.toMatchObject({ status: 'exited', method: 'voucher' })
    // The funding was opened over the host's screen: the modal is back there.
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy()
    expect(harness.kernel.flow.steps()).toEqual([])
  })

  /** A signed-in user on a transaction's review, as a step of a plugin `tx`, with the funding method `alpha` registered. */
  async function inTransactionStep() {
    const harness = await start([
      definePlugin({ id: 'tx', kind: 'feature', screens: { review: { load: async () => ({ default: () => <h2>Review</h2> }) } } }),
      method('alpha', [{ id: 'voucher' }]),
    ])
    await signIn(harness)
    await renderScreen(harness.kernel, FUNDING_METHODS_SCREEN)
    await act(async () => harness.kernel.closeModal({ force: true }))
    const tx = harness.kernel.contextFor('tx').step<string>({ screen: 'tx/review' })
    tx.catch(() => undefined)
    await screen.findByRole('heading', { name: 'Review' })
    return { harness, tx }
  }

  it("behavior: opened inside a transaction's step (its 'Add funds'), the funding nests: its end returns to the review, whose step keeps waiting", async () => {
    const { harness, tx } = await inTransactionStep()
    const core = findFunding(harness.kernel)!
    // What the review's 'Add funds' does: funding for the missing amount, as a step inside the transaction's.
    let funded!: Promise<FundingResult>
    await act(async () => {
      funded = core.fund(core.prepare(EVM, { amount: '0.1' }))
    })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Pay with voucher' })))
    await screen.findByRole('heading', { name: 'alpha screen' })
    expect(harness.kernel.flow.steps().map((s) => [s.plugin, s.screen])).toEqual([
      ['tx', 'tx/review'],
      ['funding', FUNDING_METHODS_SCREEN],
      ['funding', 'alpha/pay'],
    ])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Finish' })))
    let result!: FundingResult
    await act(async () => {
      result = await funded
    })
    expect(result).toMatchObject({ status: 'completed', method: 'voucher', request: { amount: '0.5' } })
    // The funding's step ended after its success delay; the modal is back on the review, still waiting.
    expect(harness.kernel.state.modal.stack.map((e) => e.screen)).toEqual(['tx/review'])
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy()
    expect(harness.kernel.flow.steps().map((s) => s.plugin)).toEqual(['tx'])
    await act(async () => void harness.kernel.flow.current()!.resolve('0xhash'))
    await expect(tx).resolves.toBe('0xhash')
  })

  it("behavior: closing the modal while the funding is nested in a transaction's step exits the funding and cancels the transaction's step", async () => {
    const { harness, tx } = await inTransactionStep()
    let funded!: Promise<FundingResult>
    await act(async () => {
      funded = fundWallet(harness.kernel, EVM)
    })
    await screen.findByRole('list', { name: 'Funding methods' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })))
    await expect(funded).resolves.toMatchObject({ status: 'exited', method: null })
    await expect(tx).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(harness.kernel.state.modal.open).toBe(false)
  })

  it('behavior: a second fundWallet ends the first flow as exited', async () => {
    const harness = await start([method('alpha', [{ id: 'voucher' }])])
    await signIn(harness)
    const { result: first } = await openFunding(harness)
    let second!: Promise<FundingResult>
    await act(async () => {
      second = fundWallet(harness.kernel, SOL)
    })
    await expect(first).resolves.toMatchObject({ status: 'exited', method: null })
    expect(findFunding(harness.kernel)!.current()?.request.chainType).toBe('solana')
    await act(async () => harness.kernel.closeModal())
    await expect(second).resolves.toMatchObject({ status: 'exited' })
  })

  it("behavior: a method's screen opened outside a flow, and the selection without one, say so", async () => {
    const harness = await start([method('alpha', [{ id: 'voucher' }])])
    await renderScreen(harness.kernel, FUNDING_METHODS_SCREEN)
    expect(await screen.findByText("Couldn't find funding config")).toBeTruthy()
    await act(async () => harness.kernel.navigate('alpha/pay'))
    expect((await screen.findByTestId('request')).textContent).toBe('no flow')
  })
})

describe('the app\'s funding configuration', () => {
  const server = {
    funding_config: {
      options: [{ method: 'card' }],
      default_recommended_amount: '0.3',
      default_recommended_currency: { chain: 'eip155:8453', asset: 'USDC' },
      cross_chain_bridging_enabled: true,
      prompt_funding_on_wallet_creation: true,
    },
  }

  it("behavior: the server's funding_config gives the options, the default amount, chain and asset, and the bridging switch", async () => {
    const harness = await start([method('alpha', [{ id: 'card' }, { id: 'receive', method: 'payment-request' }])], undefined, server)
    await signIn(harness)
    const core = findFunding(harness.kernel)!
    expect(core.config()).toEqual({
      options: [{ method: 'card' }],
      defaultRecommendedAmount: '0.3',
      defaultRecommendedCurrency: { chain: 'eip155:8453', asset: 'USDC' },
      crossChainBridgingEnabled: true,
      promptFundingOnWalletCreation: true,
    })
    const request = core.prepare(EVM)
    expect(request).toMatchObject({ amount: '0.3', chain: { id: 'eip155:8453' }, asset: 'USDC', crossChainBridgingEnabled: true })
    expect(core.methodsFor(request).map((m) => m.id)).toEqual(['card'])
    // A call naming its chain keeps the asset it names (native by default); a Solana address ignores an EVM default.
    expect(core.prepare(EVM, { chain: 'eip155:1' })).toMatchObject({ chain: { id: 'eip155:1' }, asset: 'native-currency' })
    expect(core.prepare(SOL)).toMatchObject({ cluster: { name: 'mainnet-beta' }, asset: 'native-currency' })
  })

  it("behavior: the funding plugin's options win over the server's; a malformed funding_config counts as absent", async () => {
    const harness = await start([method('alpha', [{ id: 'card' }, { id: 'receive', method: 'payment-request' }])], { options: [{ method: 'payment-request' }], defaultAmount: '2' }, server)
    await signIn(harness)
    const core = findFunding(harness.kernel)!
    const request = core.prepare(EVM)
    expect(request.amount).toBe('2')
    expect(core.methodsFor(request).map((m) => m.id)).toEqual(['receive'])
    await harness.close()
    const broken = await start([method('alpha', [{ id: 'card' }])], undefined, { funding_config: { options: 'all', default_recommended_amount: '-1' } })
    await signIn(broken)
    expect(findFunding(broken.kernel)!.config()).toMatchObject({ options: undefined, defaultRecommendedAmount: null, crossChainBridgingEnabled: false })
  })

  it("behavior: USDC contracts and Solana mints come from the table (Circle's) or the app, the app's winning; a chain without one has none", async () => {
    const harness = await start([method('alpha', [{ id: 'card' }])], { usdcAddresses: { 'eip155:31337': EVM, 'solana:devnet': SOL } })
    const core = findFunding(harness.kernel)!
    expect(core.usdcAddress('eip155:8453')).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')
    expect(core.usdcAddress('eip155:31337')).toBe(EVM)
    expect(core.usdcAddress('eip155:5')).toBeNull()
    expect(core.usdcAddress('solana:mainnet-beta')).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
    expect(core.usdcAddress('solana:devnet')).toBe(SOL)
    expect(core.usdcAddress('solana:testnet')).toBeNull()
  })
})

describe("'Confirm or edit amount'", () => {
  it('behavior: a tile asking for it shows the amount first; only digits and one point are typed; Continue is enabled above 0 and opens the tile with the amount', async () => {
    const harness = await start([method('alpha', [{ id: 'card', confirmAmount: true }])])
    await signIn(harness)
    const { result } = await openFunding(harness, { amount: '0.25' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with card' })))
    expect(await screen.findByRole('heading', { name: 'Confirm or edit amount' })).toBeTruthy()
    const input = screen.getByRole('textbox', { name: 'Amount (ETH)' }) as HTMLInputElement
    const cont = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement
    expect(input.value).toBe('0.25')
    expect(await axeViolations()).toEqual([])
    fireEvent.change(input, { target: { value: '1.2.3' } })
    expect(input.value).toBe('0.25')
    fireEvent.change(input, { target: { value: '1a' } })
    expect(input.value).toBe('0.25')
    fireEvent.change(input, { target: { value: '0.' } })
    expect(cont.disabled).toBe(true)
    fireEvent.change(input, { target: { value: '0.000' } })
    expect(cont.disabled).toBe(true)
    fireEvent.change(input, { target: { value: '0.75' } })
    expect(cont.disabled).toBe(false)
    await act(async () => fireEvent.click(cont))
    expect(await screen.findByRole('heading', { name: 'alpha screen' })).toBeTruthy()
    expect(screen.getByTestId('request').textContent).toBe(`${EVM} eip155:1 0.75`)
    await act(async () => harness.kernel.closeModal())
    await expect(result).resolves.toMatchObject({ status: 'exited', request: { amount: '0.75' } })
  })

  it("behavior: in French the amount shows and is typed with a comma ('12,5'); the tile gets the canonical '12.5'", async () => {
    const harness = await start([method('alpha', [{ id: 'card', confirmAmount: true }])])
    await signIn(harness)
    await act(async () => harness.kernel.setLocale('fr'))
    await renderScreen(harness.kernel, FUNDING_METHODS_SCREEN)
    await act(async () => harness.kernel.closeModal({ force: true }))
    let result!: Promise<FundingResult>
    await act(async () => {
      result = fundWallet(harness.kernel, EVM, { amount: '0.25' })
      result.catch(() => undefined)
    })
    await screen.findByRole('list', { name: 'Moyens d’approvisionnement' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with card' })))
    expect(await screen.findByRole('heading', { name: 'Confirmez ou modifiez le montant' })).toBeTruthy()
    const input = screen.getByRole('textbox', { name: 'Montant (ETH)' }) as HTMLInputElement
    const cont = screen.getByRole('button', { name: 'Continuer' }) as HTMLButtonElement
    expect(input.value).toBe('0,25')
    fireEvent.change(input, { target: { value: '12,5,' } })
    expect(input.value).toBe('0,25')
    fireEvent.change(input, { target: { value: '0,' } })
    expect(cont.disabled).toBe(true)
    fireEvent.change(input, { target: { value: '12,5' } })
    expect(input.value).toBe('12,5')
    expect(cont.disabled).toBe(false)
    await act(async () => fireEvent.click(cont))
    expect(await screen.findByRole('heading', { name: 'alpha screen' })).toBeTruthy()
    expect(screen.getByTestId('request').textContent).toBe(`${EVM} eip155:1 12.5`)
    await act(async () => harness.kernel.closeModal())
    await expect(result).resolves.toMatchObject({ status: 'exited', request: { amount: '12.5' } })
  })
})


describe('promptFundingOnWalletCreation', () => {
  /**
   * Signs a new user in whose login creates an Ethereum wallet (the frame's part played by the server
   * listing it in the refreshed session), with the app's funding prompt on or off.
   */
  async function loginCreatingWallet(prompt: boolean, created: unknown[] = [embeddedAccount(EVM, 'ethereum')]) {
    const harness = await start([embeddedWallets(), method('alpha', [{ id: 'voucher' }])], undefined, {
      embedded_wallet_config: {
        create_on_login: 'users-without-wallets',
        mode: 'legacy-embedded-wallets-only',
        solana: { create_on_login: created.length > 1 ? 'users-without-wallets' : 'off' },
      },
      funding_config: { prompt_funding_on_wallet_creation: prompt },
    })
    const announced: string[] = []
    embeddedWalletHooks(harness.kernel).walletCreated.tap('test', (w) => void announced.push(w.address))
    const user = (accounts: unknown[]) => authenticated({ ...authenticated().user, linked_accounts: accounts } as never)
    const emailAccount = authenticated().user.linked_accounts[0]!
    const login = harness.kernel
      .contextFor('email')
      .authenticate(async () => ({ ...user([emailAccount]), refresh_token: 'refresh-1' }) as unknown as AuthenticatedUser, { method: 'email' })
    await vi.waitFor(() => expect(harness.kernel.flow.current()?.screen).toBe(EMBEDDED_WALLET_SCREENS.create))
    harness.routes['POST /api/v1/sessions'] = () => ({ json: { ...user([emailAccount, ...created]), refresh_token: 'refresh-2' } })
    await harness.kernel.refresh()
    harness.kernel.flow.current()!.resolve()
    await login
    expect(announced).toEqual(created.map((a) => (a as { address: string }).address))
    // The login closed its modal as it completed; the prompt (if any) has opened its own by now.
    const opened = harness.kernel.state.modal.stack.map((e) => e.screen)
    await act(async () => void render(<PorticoProvider kernel={harness.kernel} />))
    return { harness, opened }
  }

  it('behavior: with the setting on, the method selection opens for the wallet the login created; closing it leaves the user signed in', async () => {
    const { harness, opened } = await loginCreatingWallet(true)
    expect(opened).toEqual([FUNDING_METHODS_SCREEN])
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('heading', { name: 'Add funds to your Acme wallet' })).toBeTruthy()
    expect(findFunding(harness.kernel)!.current()?.request.address).toBe(EVM)
    expect(harness.kernel.state.modal.stack.map((e) => e.screen)).toEqual([FUNDING_METHODS_SCREEN])
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })))
    expect(harness.kernel.state.modal.open).toBe(false)
    expect(findFunding(harness.kernel)!.current()).toBeNull()
    expect(harness.kernel.state.session.status).toBe('authenticated')
  })

  it('behavior: wallets created together (Ethereum and Solana) open one funding, for the first', async () => {
    const { harness, opened } = await loginCreatingWallet(true, [embeddedAccount(EVM, 'ethereum'), embeddedAccount(SOL, 'solana')])
    expect(opened).toEqual([FUNDING_METHODS_SCREEN])
    expect(harness.kernel.flow.steps()).toHaveLength(1)
    expect(findFunding(harness.kernel)!.current()?.request).toMatchObject({ address: EVM, chainType: 'ethereum' })
  })

  it('behavior: a wallet created while a funding flow is open leaves that flow open, on its screen, and prompts nothing', async () => {
    const { harness } = await loginCreatingWallet(true)
    const core = findFunding(harness.kernel)!
    const open = core.current()
    expect(open?.request.address).toBe(EVM)
    const finished: unknown[] = []
    fundingHooks(harness.kernel).finished.tap('test', (result) => void finished.push(result))
    // Another Ethereum wallet, which a method could fund: without the open flow the prompt would open for it.
    const other = '0x1111111111111111111111111111111111111111'
    expect(() => core.prepare(other)).not.toThrow()
    embeddedWalletHooks(harness.kernel).walletCreated.call({ address: other, chainType: 'ethereum' } as never, { initiator: 'user' })
    // The prompt waits a microtask; by then it has decided.
    await act(async () => await Promise.resolve())
    expect(core.current()).toBe(open)
    expect(core.current()?.request.address).toBe(EVM)
    expect(finished).toEqual([])
    expect(harness.kernel.state.modal.stack.map((e) => e.screen)).toEqual([FUNDING_METHODS_SCREEN])
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Add funds to your Acme wallet' })).toBeTruthy()
  })

  it('behavior: with the setting off, a created wallet opens nothing', async () => {
    const { harness, opened } = await loginCreatingWallet(false)
    expect(opened).toEqual([])
    expect(harness.kernel.state.modal.open).toBe(false)
    expect(harness.kernel.flow.steps()).toEqual([])
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
