/**
 * The funding core of one kernel: checks a request, lists the method tiles the funding plugins
 * contribute, and keeps the one funding flow the modal is in until a method finishes it or the
 * user leaves.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
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
 * How long a method's success shows before the modal closes. The spec leaves the value open; the
 * kernel's login success shows as long.
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
   * USDC contracts beyond {@link USDC_ADDRESSES} (CAIP-2 id → address), for chains of the app's own
   * (a test chain with a USDC stand-in).
   */
  usdcAddresses?: Readonly<Record<string, string>>
}

/** How a started flow closes the modal (given by `fundWallet`, which opened it). */
export interface FlowHost {
  /** Returns a function that closes the modal if it still shows the screen it shows now. */
  closer(): () => void
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
   * Starts a flow for a prepared request (a flow still open is ended as exited first).
   * @returns the flow's result, once a method finishes it or the user leaves.
   */
  start(request: FundingRequest, host: FlowHost): Promise<FundingResult>
  /** The open flow, or null. */
  current(): FundingFlow | null
  /**
   * Opens a tile in the open flow: its screen, or first 'Confirm or edit amount' when the tile
   * asks for it (`confirmAmount`).
   */
  open(methodId: string): void
  /**
   * Sets the open flow's amount to what the user confirmed and opens the tile's screen.
   * @throws PorticoError `FUNDING_INVALID_DATA` when the amount is not above 0.
   */
  confirmAmount(methodId: string, amount: string): void
  /** The app's funding configuration: the plugin's options over the server's `funding_config`. */
  config(): FundingConfig
  /** The USDC contract on a chain (CAIP-2 id): the app's `usdcAddresses`, else {@link USDC_ADDRESSES}; null when none. */
  usdcAddress(chainId: string): string | null
  /** Ends the open flow as exited (the modal was closed). */
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
  /** The open flow: the view its screens get, and the core's own handles on it. */
  interface OpenFlow {
    view: FundingFlow
    opened(methodId: string): void
    setAmount(amount: string): void
    end(result: FundingResult): void
  }
  let flow: OpenFlow | null = null
  const fundingConfig = () => fundingConfigOf(ctx.config(), options)

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

  function start(request: FundingRequest, host: FlowHost): Promise<FundingResult> {
    flow?.end({ status: 'exited', address: flow.view.request.address, method: flow.view.method, request: flow.view.request })
    return new Promise<FundingResult>((resolve) => {
      let method: string | null = null
      let current: FundingRequest = request
      const entry: OpenFlow = {
        view: {
          get request() {
            return current
          },
          get method() {
            return method
          },
          complete(outcome: FundingOutcome = {}) {
            if (flow !== entry) return
            if (outcome.amount !== undefined) current = { ...current, amount: outcome.amount }
            entry.end({
              status: outcome.status ?? 'completed',
              address: current.address,
              method,
              request: current,
              ...(outcome.details ? { details: outcome.details } : {}),
            })
            // The method's success shows for a moment; a screen the user moved to meanwhile is left alone.
            void ctx.sleep(FUNDING_SUCCESS_CLOSE_MS).then(host.closer())
          },
          showMethods(error?: unknown) {
            if (flow !== entry) return
            const params = error === undefined ? {} : { error: ctx.resolveError(error).message }
            ctx.navigate(FUNDING_METHODS_SCREEN, params, { reset: true })
          },
        },
        opened(id) {
          method = id
        },
        setAmount(amount) {
          current = { ...current, amount }
        },
        end(result) {
          if (flow !== entry) return
          flow = null
          hooks.finished.call(result)
          resolve(result)
        },
      }
      flow = entry
      hooks.started.call(request)
    })
  }

  function tileOf(methodId: string): { open: OpenFlow; tile: FundingMethod } {
    const open = flow
    if (!open) throw new PorticoError(fundingMessages.FUNDING_NO_FLOW, { code: 'FUNDING_NO_FLOW' })
    const tile = methodsFor(open.view.request).find((t) => t.id === methodId)
    if (!tile) throw new PorticoError(fundingMessages.FUNDING_NOT_ENABLED, { code: 'FUNDING_NOT_ENABLED', details: `No method "${methodId}"` })
    return { open, tile }
  }

  function open(methodId: string): void {
    const { open, tile } = tileOf(methodId)
    open.opened(tile.id)
    hooks.methodOpened.call(tile, open.view.request)
    if (tile.confirmAmount) ctx.navigate(FUNDING_AMOUNT_SCREEN, { method: tile.id })
    else ctx.navigate(tile.screen, tile.params ?? {})
  }

  function confirmAmount(methodId: string, amount: string): void {
    const { open, tile } = tileOf(methodId)
    if (!isFundableAmount(amount)) {
      throw new PorticoError(fundingMessages.FUNDING_INVALID_DATA, { code: 'FUNDING_INVALID_DATA', details: 'The amount must be above 0' })
    }
    open.setAmount(amount)
    ctx.navigate(tile.screen, tile.params ?? {})
  }

  function usdcAddress(chainId: string): string | null {
    return options.usdcAddresses?.[chainId] ?? USDC_ADDRESSES[chainId] ?? null
  }

  function exit(): void {
    if (!flow) return
    const { request, method } = flow.view
    flow.end({ status: 'exited', address: request.address, method, request })
  }

  const core: FundingCore = { prepare, methodsFor, start, current: () => flow?.view ?? null, open, confirmAmount, config: fundingConfig, usdcAddress, exit }
  return { core, destroy: exit }
}
