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
import type { FundingFlow, FundingMethod, FundingOutcome, FundingRequest, FundingResult, FundWalletOptions } from './types'

/** The screen id of the method selection ('Add funds to your … wallet'). */
export const FUNDING_METHODS_SCREEN = 'funding/methods'

/**
 * How long a method's success shows before the modal closes. The spec leaves the value open; the
 * kernel's login success shows as long.
 */
export const FUNDING_SUCCESS_CLOSE_MS = 1400

/** A tile's `order` when it declares none. */
export const DEFAULT_METHOD_ORDER = 100

/** An option of the funding plugin: a kind of method, optionally from one provider. */
export interface FundingOption {
  /** `card`, `exchange`, `wallets`, `payment-request`, or a funding plugin's own kind. */
  method: string
  /** Only this provider's tiles of that kind (`moonpay`, `coinbase`); any provider when left out. */
  provider?: string
}

/** Options of the funding plugin. */
export interface FundingOptions {
  /**
   * The methods the app offers; a tile shows only when an option matches its `method` (and its
   * `provider`, when the option names one). An empty list turns funding off.
   * @defaultValue every registered method
   */
  options?: readonly FundingOption[]
  /** The amount a request suggests when the host's call names none (digits and at most one decimal point). */
  defaultAmount?: string
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
  /** Opens a tile's screen in the open flow. */
  open(methodId: string): void
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
    end(result: FundingResult): void
  }
  let flow: OpenFlow | null = null

  function methodsFor(request: FundingRequest): FundingMethod[] {
    const config = ctx.config()
    const tiles = hooks.methods.call([], request)
    checkTiles(tiles)
    return tiles
      .filter((tile) => enabledBy(options.options, tile) && (!config || !tile.available || tile.available(request, config)))
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
    const request = buildFundingRequest(address, callOptions, config, options.defaultAmount ?? null)
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

  function open(methodId: string): void {
    const open = flow
    if (!open) throw new PorticoError(fundingMessages.FUNDING_NO_FLOW, { code: 'FUNDING_NO_FLOW' })
    const tile = methodsFor(open.view.request).find((t) => t.id === methodId)
    if (!tile) throw new PorticoError(fundingMessages.FUNDING_NOT_ENABLED, { code: 'FUNDING_NOT_ENABLED', details: `No method "${methodId}"` })
    open.opened(tile.id)
    hooks.methodOpened.call(tile, open.view.request)
    ctx.navigate(tile.screen, tile.params ?? {})
  }

  function exit(): void {
    if (!flow) return
    const { request, method } = flow.view
    flow.end({ status: 'exited', address: request.address, method, request })
  }

  const core: FundingCore = { prepare, methodsFor, start, current: () => flow?.view ?? null, open, exit }
  return { core, destroy: exit }
}
