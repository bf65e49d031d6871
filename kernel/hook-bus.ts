/**
 * The hook bus behind `kernel/hooks.ts`: tapable does the dispatching, and a plain loop over the
 * taps takes over where a Content-Security-Policy forbids `new Function` (tapable compiles its
 * dispatchers with it).
 * @module
 */
// One file per hook class: tapable's index would bring every class into the bundle.
import TSyncHook from 'tapable/lib/SyncHook.js'
import TSyncBailHook from 'tapable/lib/SyncBailHook.js'
import TSyncWaterfallHook from 'tapable/lib/SyncWaterfallHook.js'
import TAsyncSeriesBailHook from 'tapable/lib/AsyncSeriesBailHook.js'
import TAsyncParallelHook from 'tapable/lib/AsyncParallelHook.js'
import { PorticoError } from './errors'
import type {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  HookBus,
  HookMakers,
  HookRegistry,
  KernelHooks,
  SyncBailHook,
  SyncHook,
  SyncWaterfallHook,
  TapOnlyHooks,
  TapOptions,
} from './hooks'

/** How a hook dispatches: tapable's compiled code, or a plain loop (for pages with a strict CSP). */
export type HookEngine = 'tapable' | 'loop'

/** Options of {@link createHooks} and the single-hook factories. */
export interface HookBusOptions {
  /** Forces an engine; by default tapable where `new Function` works, else the loop. */
  engine?: HookEngine
}

let compileAllowed: boolean | undefined

/**
 * Whether this page lets code be compiled at run time (`new Function`). Checked once and remembered.
 * @param recheck - check again instead of using the remembered answer (tests that block `Function`).
 * @returns true when tapable can be used.
 * @example
 * ```ts
 * import { canCompileCode } from 'portico/kernel'
 * const engine = canCompileCode() ? 'tapable' : 'loop'
 * ```
 */
export function canCompileCode(recheck = false): boolean {
  if (compileAllowed === undefined || recheck) {
    try {
      // A CSP without 'unsafe-eval' throws an EvalError here.
      new Function('')
      compileAllowed = true
    } catch {
      compileAllowed = false
    }
  }
  return compileAllowed
}

function pickEngine(options: HookBusOptions): HookEngine {
  return options.engine ?? (canCompileCode() ? 'tapable' : 'loop')
}

type AnyFn = (...args: never[]) => unknown
interface TapEntry {
  name: string
  fn: (...args: unknown[]) => unknown
  stage: number
}

/** Minimal view of a tapable hook, enough for the bus (tapable's own types are per class). */
interface TapableLike {
  tap(options: { name: string; stage: number }, fn: (...args: unknown[]) => unknown): void
  tapPromise(options: { name: string; stage: number }, fn: (...args: unknown[]) => Promise<unknown>): void
  call(...args: unknown[]): unknown
  promise(...args: unknown[]): Promise<unknown>
}

/**
 * The tap list shared by every hook kind. Taps are kept sorted by stage (stable), and tapable's
 * compiled hook is rebuilt lazily after a tap or untap because tapable itself has no untap.
 */
class TapList {
  private taps: TapEntry[] = []
  private compiled: TapableLike | null = null

  constructor(private readonly build: ((taps: readonly TapEntry[]) => TapableLike) | null) {}

  tap(name: string, fn: AnyFn, options: TapOptions = {}): () => void {
    if (typeof name !== 'string' || name === '') throw new TypeError('A tap needs a non-empty name (the plugin id)')
    if (typeof fn !== 'function') throw new TypeError(`Tap "${name}" is not a function`)
    const entry: TapEntry = { name, fn: fn as TapEntry['fn'], stage: options.stage ?? 0 }
    const at = this.taps.findIndex((t) => t.stage > entry.stage)
    this.taps = at === -1 ? [...this.taps, entry] : [...this.taps.slice(0, at), entry, ...this.taps.slice(at)]
    this.compiled = null
    return () => {
      const before = this.taps.length
      this.taps = this.taps.filter((t) => t !== entry)
      if (this.taps.length !== before) this.compiled = null
    }
  }

  /** A snapshot: taps added or removed during a call do not change that call. */
  list(): readonly TapEntry[] {
    return this.taps
  }

  tapable(): TapableLike {
    if (!this.build) throw new Error('This hook runs on the loop engine')
    this.compiled ??= this.build(this.taps)
    return this.compiled
  }
}

/**
 * The tap list of one hook: on the tapable engine, `add` taps each entry into a fresh tapable
 * instance of `Ctor` (named arguments `args`); on the loop engine there is nothing to compile.
 */
function tapList(
  engine: HookEngine,
  Ctor: unknown,
  args: string[],
  add: (hook: TapableLike, tap: TapEntry, index: number) => void,
): TapList {
  if (engine !== 'tapable') return new TapList(null)
  return new TapList((taps) => {
    const hook = new (Ctor as new (args: string[]) => TapableLike)(args)
    taps.forEach((t, i) => add(hook, t, i))
    return hook
  })
}

/** Taps an entry whose arguments travel as one array (`args`), spread back for the tap. */
const spreadArgs = (hook: TapableLike, t: TapEntry): void =>
  hook.tap({ name: t.name, stage: t.stage }, (args) => t.fn(...(args as unknown[])))

/**
 * Creates a notification hook: every tap runs, return values are ignored.
 * @param options - engine choice.
 * @returns the hook.
 * @example
 * ```ts
 * import { createSyncHook } from 'portico/kernel'
 * const changed = createSyncHook<[number]>()
 * changed.tap('my-plugin', (n) => console.log(n))
 * changed.call(1)
 * ```
 */
export function createSyncHook<Args extends unknown[]>(options: HookBusOptions = {}): SyncHook<Args> {
  const engine = pickEngine(options)
  const list = tapList(engine, TSyncHook, ['args'], spreadArgs)
  return {
    tap: (name, fn, opts) => list.tap(name, fn, opts),
    call(...args) {
      if (engine === 'tapable') {
        list.tapable().call(args)
        return
      }
      for (const t of list.list()) t.fn(...args)
    },
  }
}

/**
 * Creates a bail hook: taps run in order until one returns something other than `undefined`.
 * @param options - engine choice.
 * @returns the hook.
 * @example
 * ```ts
 * import { createSyncBailHook } from 'portico/kernel'
 * const pick = createSyncBailHook<[string], number>()
 * pick.tap('a', (s) => (s === 'x' ? 1 : undefined))
 * pick.call('x') // 1
 * ```
 */
export function createSyncBailHook<Args extends unknown[], R>(options: HookBusOptions = {}): SyncBailHook<Args, R> {
  const engine = pickEngine(options)
  const list = tapList(engine, TSyncBailHook, ['args'], spreadArgs)
  return {
    tap: (name, fn, opts) => list.tap(name, fn, opts),
    call(...args) {
      if (engine === 'tapable') return list.tapable().call(args) as R | undefined
      for (const t of list.list()) {
        const value = t.fn(...args)
        if (value !== undefined) return value as R
      }
      return undefined
    },
  }
}

/**
 * Creates a waterfall hook: each tap receives the previous tap's value and returns the next
 * (a tap returning `undefined` passes the value on unchanged, as in tapable).
 * @param options - engine choice.
 * @returns the hook.
 * @example
 * ```ts
 * import { createSyncWaterfallHook } from 'portico/kernel'
 * const list = createSyncWaterfallHook<string[]>()
 * list.tap('sorter', (items) => [...items].sort())
 * list.call(['b', 'a']) // ['a', 'b']
 * ```
 */
export function createSyncWaterfallHook<T, Rest extends unknown[] = []>(
  options: HookBusOptions = {},
): SyncWaterfallHook<T, Rest> {
  const engine = pickEngine(options)
  const list = tapList(engine, TSyncWaterfallHook, ['value', 'rest'], (h, t) =>
    h.tap({ name: t.name, stage: t.stage }, (value, rest) => t.fn(value, ...(rest as unknown[]))),
  )
  return {
    tap: (name, fn, opts) => list.tap(name, fn, opts),
    call(value, ...rest) {
      if (engine === 'tapable') return list.tapable().call(value, rest) as T
      let current: unknown = value
      for (const t of list.list()) {
        const next = t.fn(current, ...rest)
        if (next !== undefined) current = next
      }
      return current as T
    },
  }
}

/** Runs a tap so that a synchronous throw becomes a rejection, like an async tap's would. */
function settle(fn: TapEntry['fn'], args: unknown[]): Promise<unknown> {
  return new Promise((resolve) => resolve(fn(...args)))
}

/**
 * Creates an async bail hook: taps are awaited in order until one resolves to a defined value.
 * @param options - engine choice.
 * @returns the hook.
 * @example
 * ```ts
 * import { createAsyncSeriesBailHook } from 'portico/kernel'
 * const step = createAsyncSeriesBailHook<[string], string>()
 * step.tap('terms', async (id) => (id === 'new' ? 'portico/terms' : undefined))
 * await step.promise('new') // 'portico/terms'
 * ```
 */
export function createAsyncSeriesBailHook<Args extends unknown[], R>(
  options: HookBusOptions = {},
): AsyncSeriesBailHook<Args, R> {
  const engine = pickEngine(options)
  const list = tapList(engine, TAsyncSeriesBailHook, ['args'], (h, t) =>
    h.tapPromise({ name: t.name, stage: t.stage }, (args) => settle(t.fn, args as unknown[])),
  )
  return {
    tap: (name, fn, opts) => list.tap(name, fn, opts),
    async promise(...args) {
      if (engine === 'tapable') return (await list.tapable().promise(args)) as R | undefined
      for (const t of list.list()) {
        const value = await settle(t.fn, args)
        if (value !== undefined) return value as R
      }
      return undefined
    },
  }
}

/**
 * Creates an async parallel hook: every tap runs at once; resolves to the defined values, in tap order.
 * @param options - engine choice.
 * @returns the hook.
 * @example
 * ```ts
 * import { createAsyncParallelHook } from 'portico/kernel'
 * const quotes = createAsyncParallelHook<[number], { provider: string }>()
 * quotes.tap('card', async () => ({ provider: 'card' }))
 * await quotes.promise(10) // [{ provider: 'card' }]
 * ```
 */
export function createAsyncParallelHook<Args extends unknown[], R>(
  options: HookBusOptions = {},
): AsyncParallelHook<Args, R> {
  const engine = pickEngine(options)
  // tapable's parallel hook returns nothing, so each tap writes its answer into a slot of `out`.
  const list = tapList(engine, TAsyncParallelHook, ['args', 'out'], (h, t, i) =>
    h.tapPromise({ name: t.name, stage: t.stage }, (args, out) =>
      settle(t.fn, args as unknown[]).then((v) => {
        ;(out as unknown[])[i] = v
      }),
    ),
  )
  return {
    tap: (name, fn, opts) => list.tap(name, fn, opts),
    async promise(...args) {
      let values: unknown[]
      if (engine === 'tapable') {
        const out: unknown[] = []
        await list.tapable().promise(args, out)
        values = out
      } else {
        values = await Promise.all(list.list().map((t) => settle(t.fn, args)))
      }
      return values.filter((v) => v !== undefined) as R[]
    },
  }
}

/**
 * The hook makers bound to one engine.
 * @param options - engine choice (tapable by default, the loop where `new Function` is blocked).
 * @returns the makers a plugin's hook factory receives.
 * @example
 * ```ts
 * import { hookMakers } from 'portico/kernel'
 * const changed = hookMakers().sync<[number]>()
 * ```
 */
export function hookMakers(options: HookBusOptions = {}): HookMakers {
  const o: HookBusOptions = { engine: pickEngine(options) }
  return Object.freeze({
    sync: () => createSyncHook(o),
    syncBail: () => createSyncBailHook(o),
    syncWaterfall: () => createSyncWaterfallHook(o),
    asyncSeriesBail: () => createAsyncSeriesBailHook(o),
    asyncParallel: () => createAsyncParallelHook(o),
  }) as HookMakers
}

function createHookRegistry(make: HookMakers): HookRegistry {
  const declared = new Map<string, { factory: (make: HookMakers) => object; hooks: object }>()
  return {
    define<T extends object>(key: string, factory: (make: HookMakers) => T): T {
      const found = declared.get(key)
      if (found) {
        if (found.factory !== factory) {
          throw new PorticoError(`Hooks "${key}" are declared twice`, {
            code: 'invalid_plugin',
            details: 'Declare a plugin\'s hooks once, with defineHooks, under the plugin\'s id.',
          })
        }
        return found.hooks as T
      }
      const hooks = factory(make)
      declared.set(key, { factory, hooks })
      return hooks
    },
  }
}

/**
 * Creates every kernel hook declared in `kernel/hooks.ts`, and the registry of the hooks plugins
 * declare (`define`), all on one engine.
 * @param options - engine choice (tapable by default, the loop where `new Function` is blocked).
 * @returns a fresh hook bus.
 * @example
 * ```ts
 * import { createHooks } from 'portico/kernel'
 * const hooks = createHooks()
 * hooks.loggedOut.tap('my-plugin', () => console.log('bye'))
 * ```
 */
export function createHooks(options: HookBusOptions = {}): HookBus {
  const o: HookBusOptions = { engine: pickEngine(options) }
  const own: KernelHooks = {
    resolveConfig: createSyncWaterfallHook(o),
    configLoaded: createSyncHook(o),
    sessionChanged: createSyncHook(o),
    resolveLoginMethods: createSyncWaterfallHook(o),
    beforeLogin: createAsyncSeriesBailHook(o),
    loginStart: createAsyncParallelHook(o),
    mapError: createSyncBailHook(o),
    afterAuthenticate: createAsyncSeriesBailHook(o),
    loginComplete: createSyncHook(o),
    loginFailed: createSyncHook(o),
    loggedOut: createSyncHook(o),
  }
  const registry = createHookRegistry(hookMakers(o))
  // `define` is not a hook: views that list the hooks (tapOnly) leave it out of the loop.
  return Object.defineProperty(own, 'define', { value: registry.define, enumerable: false }) as HookBus
}

/**
 * The tap-only view of a hook bus that plugins receive: the kernel's hooks can be tapped, never
 * called; `define` gives access to the hooks plugins declare.
 * @param hooks - the kernel's hooks.
 * @returns an object exposing `tap` of each kernel hook, and `define`.
 * @example
 * ```ts
 * import { createHooks, tapOnly } from 'portico/kernel'
 * const view = tapOnly(createHooks())
 * view.loggedOut.tap('my-plugin', () => {})
 * ```
 */
export function tapOnly(hooks: HookBus): TapOnlyHooks {
  const view: Record<string, unknown> = {}
  for (const [key, hook] of Object.entries(hooks) as [string, { tap: (...args: never[]) => unknown }][]) {
    view[key] = Object.freeze({ tap: hook.tap.bind(hook) })
  }
  Object.defineProperty(view, 'define', { value: hooks.define, enumerable: false })
  return Object.freeze(view) as unknown as TapOnlyHooks
}

/**
 * Declares the hooks of a plugin, the way webpack plugins add hooks of their own: returns a typed
 * accessor that gives, for any kernel, that kernel's one set of these hooks (created on first use,
 * on the kernel's hook engine). The declaring plugin calls them; other plugins tap them.
 * @param key - the declaring plugin's id (one declaration per key and kernel).
 * @param factory - builds the hooks from the kernel's {@link HookMakers}.
 * @returns the accessor: pass a plugin context or a kernel (anything with `hooks`).
 * @example
 * ```ts
 * import { defineHooks, definePlugin } from 'portico/kernel'
 * export const greeterHooks = defineHooks('greeter', (make) => ({ greeted: make.sync<[string]>() }))
 * export const greeter = () =>
 *   definePlugin({ id: 'greeter', kind: 'feature', setup: (ctx) => greeterHooks(ctx).greeted.call('hello') })
 * // another plugin: greeterHooks(ctx).greeted.tap('listener', (text) => console.log(text))
 * ```
 */
export function defineHooks<T extends object>(
  key: string,
  factory: (make: HookMakers) => T,
): (owner: { readonly hooks: HookRegistry }) => T {
  return (owner) => owner.hooks.define(key, factory)
}
