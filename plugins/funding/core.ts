/**
 * The funding core of one kernel: checks a request, lists the method tiles the funding plugins
 * contribute, and keeps the one funding flow the modal is in until a method finishes it or the
 * user leaves.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import type { StepHandle } from '../../kernel/flow-types'
import { fundingMessages } from './messages'
import { buildFundingRequest } from './request'
import type { FundingHooks } from './hooks'
import { fundingConfigOf, type FundingConfig, type FundingConfigOverrides, type FundingOption } from './app-config'
import { USDC_ADDRESSES } from './assets'
import { isFundableAmount } from './request'
import type { FundingFlow, FundingMethod, FundingOutcome, FundingRequest, FundingResult, FundWalletOptions } from './types'

/** The screen id of the method selection ('Add funds to your … wallet'). */
export const FUNDING_METHODS_SCREEN = 'funding/methods'

/** The screen id of 'Confirm or edit amount', shown before a tile's screen when the tile asks (`confirmAmount`). */
export const FUNDING_AMOUNT_SCREEN = 'funding/amount'

/**
 * How long a method's success shows before the flow's step ends (the modal closes, or returns to the
 * screen the funding was opened from). The spec leaves the value open; the kernel's login success
 * shows as long.
 */
export const FUNDING_SUCCESS_CLOSE_MS = 1400

/** A tile's `order` when it declares none. */
export const DEFAULT_METHOD_ORDER = 100

/** Options of the funding plugin; each, when given, wins over the server's `funding_config`. */
export interface FundingOptions extends FundingConfigOverrides {
  /**
   * The methods the app offers; a tile shows only when an option matches its `method` (and its
   * `provider`, when the option names one). An empty list turns funding off.
   * @defaultValue the server's `funding_config.options`, else every registered method
   */
  options?: readonly FundingOption[]
  /**
   * The amount a request suggests when the host's call names none (digits and at most one decimal point).
   * @defaultValue the server's `default_recommended_amount`
   */
  defaultAmount?: string
  /**
   * USDC contracts beyond {@link USDC_ADDRESSES} (CAIP-2 id → address; a Solana mint under
   * `solana:{cluster}`), for chains of the app's own (a test chain with a USDC stand-in); an entry
   * replaces the default one of its chain.
   */
  usdcAddresses?: Readonly<Record<string, string>>
}

/** The funding core of a kernel, as `findFunding` returns it. */
export interface FundingCore {
  /**
   * Checks a funding call: a signed-in user, a well-formed request, at least one method to offer.
   * @throws PorticoError `must_be_authenticated`, `FUNDING_INVALID_DATA`, `FUNDING_CHAIN_NOT_CONFIGURED`, `FUNDING_NOT_ENABLED`.
   */
  prepare(address: string, options?: FundWalletOptions): FundingRequest
  /** The tiles for a request: contributed, enabled by the app's options, available, in order. */
  methodsFor(request: FundingRequest): FundingMethod[]
  /**
   * Runs a funding flow for a prepared request as a step of the kernel's step stack (`ctx.step`):
   * the method selection shows over the current screen (opening the modal when it is closed), inside
   * the steps already open (the send flow's 'Add funds'). A flow still open is ended as exited first.
   * When a method completes, its success shows for {@link FUNDING_SUCCESS_CLOSE_MS}, then the step
   * ends and the modal returns to where the flow was opened from (closing when it opened the modal).
   * @returns the flow's result once its step ended: the method's outcome, or `exited` when the user
   *   left first (closed the modal, went back from the selection) or an outer step ended.
   */
  fund(request: FundingRequest): Promise<FundingResult>
  /** The open flow (until a method completes it or it ends), or null. */
  current(): FundingFlow | null
  /**
   * Opens a tile in the open flow, as a step inside the flow's: its screen, or first 'Confirm or edit
   * amount' when the tile asks for it (`confirmAmount`). Back from that first screen, or
   * `flow.showMethods`, returns to the selection.
   */
  open(methodId: string): void
  /**
   * Sets the open flow's amount to what the user confirmed and opens the tile's screen.
   * @throws PorticoError `FUNDING_INVALID_DATA` when the amount is not above 0.
   */
  confirmAmount(methodId: string, amount: string): void
  /** The text of the error the last method came back to the selection with (`showMethods`), until a tile opens again; null when none. */
  methodError(): string | null
  /** The app's funding configuration: the plugin's options over the server's `funding_config`. */
  config(): FundingConfig
  /** The USDC contract on a chain (CAIP-2 id): the app's `usdcAddresses`, else {@link USDC_ADDRESSES}; null when none. */
  usdcAddress(chainId: string): string | null
  /** Ends the open flow as exited: its step is cancelled and the modal returns to where the flow was opened from. */
  exit(): void
}

function invalidTile(details: string): PorticoError {
  return new PorticoError('Invalid funding method', { code: 'invalid_plugin', details })
}

function checkTiles(tiles: readonly FundingMethod[]): void {
  const seen = new Set<string>()
  for (const tile of tiles) {
    if (!tile || typeof tile.id !== 'string' || !tile.id) throw invalidTile('A funding method needs an id')
    if (seen.has(tile.id)) throw invalidTile(`Two funding methods have the id "${tile.id}"`)
    if (typeof tile.screen !== 'string' || !tile.screen.includes('/')) {
      throw invalidTile(`Funding method "${tile.id}" needs a screen id ("<plugin id>/<name>")`)
    }
    seen.add(tile.id)
  }
}

function enabledBy(options: readonly FundingOption[] | undefined, tile: FundingMethod): boolean {
  if (!options) return true
  return options.some((o) => o.method === tile.method && (o.provider === undefined || o.provider === tile.provider))
}

/**
 * Creates the funding core of a kernel (the funding plugin does, in `setup`).
 * @param ctx - the funding plugin's context.
 * @param hooks - the funding hooks of that kernel.
 * @param options - the plugin's options.
 * @returns the core and a teardown that ends an open flow.
 * @example
 * ```ts
 * import { createFundingCore, fundingHooks } from 'portico/plugins/funding'
 * const { core } = createFundingCore(ctx, fundingHooks(ctx), {})
 * ```
 */
export function createFundingCore(
  ctx: PluginContext,
  hooks: FundingHooks,
  options: FundingOptions,
): { core: FundingCore; destroy: () => void } {
  /** A flow whose step is open: the view its screens get, and the core's own handles on it. */
  interface OpenFlow {
    view: FundingFlow
    request: FundingRequest
    method: string | null
    /** The flow's step, once open. */
    step: StepHandle | null
    /** The step of the method opened last, once open. */
    methodStep: StepHandle | null
    /** The error text the last method came back with. */
    error: string | null
    /** Set when a method completed the flow: the step resolves with it after the success delay. */
    outcome: FundingResult | null
  }
  let flow: OpenFlow | null = null
  const fundingConfig = () => fundingConfigOf(ctx.config(), options)
  /** The flow while screens may still act on it: its step open and no method completed it yet. */
  const live = (entry: OpenFlow | null): entry is OpenFlow => !!entry && entry === flow && entry.outcome === null && entry.step?.active() !== false

  function methodsFor(request: FundingRequest): FundingMethod[] {
    const config = ctx.config()
    const tiles = hooks.methods.call([], request)
    checkTiles(tiles)
    return tiles
      .filter((tile) => enabledBy(fundingConfig().options, tile) && (!config || !tile.available || tile.available(request, config)))
      .map((tile, index) => ({ tile, index }))
      .sort((a, b) => (a.tile.order ?? DEFAULT_METHOD_ORDER) - (b.tile.order ?? DEFAULT_METHOD_ORDER) || a.index - b.index)
      .map(({ tile }) => tile)
  }

  function prepare(address: string, callOptions: FundWalletOptions = {}): FundingRequest {
    if (ctx.session().status !== 'authenticated') {
      throw new PorticoError('Log in before funding a wallet', { code: 'must_be_authenticated' })
    }
    const config = ctx.config()
    if (!config) throw new PorticoError(fundingMessages.FUNDING_NOT_ENABLED, { code: 'FUNDING_NOT_ENABLED', details: 'The app configuration is not loaded' })
    const app = fundingConfigOf(config, options)
    const request = buildFundingRequest(address, callOptions, config, app.defaultRecommendedAmount, {
      defaultCurrency: app.defaultRecommendedCurrency,
      crossChainBridgingEnabled: app.crossChainBridgingEnabled,
    })
    if (methodsFor(request).length === 0) {
      throw new PorticoError(fundingMessages.FUNDING_NOT_ENABLED, {
        code: 'FUNDING_NOT_ENABLED',
        details: 'No registered funding method is enabled by the options and available for this request',
      })
    }
    return request
  }

  function fund(request: FundingRequest): Promise<FundingResult> {
    exit()
    const entry: OpenFlow = {
      request,
      method: null,
      step: null,
      methodStep: null,
      error: null,
      outcome: null,
      view: {
        get request() {
          return entry.request
        },
        get method() {
          return entry.method
        },
        complete(outcome: FundingOutcome = {}) {
          if (!live(entry)) return
          if (outcome.amount !== undefined) entry.request = { ...entry.request, amount: outcome.amount }
          const result: FundingResult = {
            status: outcome.status ?? 'completed',
            address: entry.request.address,
            method: entry.method,
            request: entry.request,
            ...(outcome.details ? { details: outcome.details } : {}),
          }
          entry.outcome = result
          // The method's success shows for a moment; then the flow's step ends (the modal closes, or
          // returns to the screen the flow was opened from).
          void ctx.sleep(FUNDING_SUCCESS_CLOSE_MS).then(() => entry.step?.resolve(result))
        },
        showMethods(error?: unknown) {
          if (!live(entry)) return
          entry.error = error === undefined ? null : ctx.resolveError(error).message
          // Ending the method's step returns the modal to the selection, which shows the error.
          entry.methodStep?.cancel()
        },
      },
    }
    flow = entry
    hooks.started.call(request)
    const exited = (): FundingResult => ({ status: 'exited', address: entry.request.address, method: entry.method, request: entry.request })
    return ctx
      .step<FundingResult>({
        screen: FUNDING_METHODS_SCREEN,
        onOpen: (step) => {
          entry.step = step
          // Ended before its step could open (a newer flow, a teardown): it ends at once.
          if (flow !== entry) step.cancel()
        },
      })
      // A cancelled step (closed, left, unwound) is an exit, unless a method had completed the flow.
      .catch(() => entry.outcome ?? exited())
      .then((result) => {
        if (flow === entry) flow = null
        hooks.finished.call(result)
        return result
      })
  }

  function tileOf(methodId: string): { open: OpenFlow; tile: FundingMethod } {
    const open = flow
    if (!live(open)) throw new PorticoError(fundingMessages.FUNDING_NO_FLOW, { code: 'FUNDING_NO_FLOW' })
    const tile = methodsFor(open.request).find((t) => t.id === methodId)
    if (!tile) throw new PorticoError(fundingMessages.FUNDING_NOT_ENABLED, { code: 'FUNDING_NOT_ENABLED', details: `No method "${methodId}"` })
    return { open, tile }
  }

  function open(methodId: string): void {
    const { open, tile } = tileOf(methodId)
    open.method = tile.id
    open.error = null
    hooks.methodOpened.call(tile, open.request)
    const first = tile.confirmAmount ? { screen: FUNDING_AMOUNT_SCREEN, params: { method: tile.id } } : { screen: tile.screen, params: tile.params ?? {} }
    // The method's screens are a step inside the flow's: ending it (Back from its first screen,
    // `showMethods`) returns to the selection, and the flow's end ends it too.
    ctx
      .step({
        ...first,
        onOpen: (step) => {
          open.methodStep = step
        },
      })
      .catch(() => undefined)
  }

  function confirmAmount(methodId: string, amount: string): void {
    const { open, tile } = tileOf(methodId)
    if (!isFundableAmount(amount)) {
      throw new PorticoError(fundingMessages.FUNDING_INVALID_DATA, { code: 'FUNDING_INVALID_DATA', details: 'The amount must be above 0' })
    }
    open.request = { ...open.request, amount }
    ctx.navigate(tile.screen, tile.params ?? {})
  }

  function usdcAddress(chainId: string): string | null {
    return options.usdcAddresses?.[chainId] ?? USDC_ADDRESSES[chainId] ?? null
  }

  function exit(): void {
    const open = flow
    if (!open) return
    flow = null
    open.step?.cancel()
  }

  const core: FundingCore = {
    prepare,
    methodsFor,
    fund,
    current: () => (live(flow) ? flow.view : null),
    open,
    confirmAmount,
    methodError: () => (live(flow) ? flow.error : null),
    config: fundingConfig,
    usdcAddress,
    exit,
  }
  return { core, destroy: exit }
}
