import { afterEach, describe, expect, it } from 'vitest'
import {
  canCompileCode,
  createAsyncParallelHook,
  createAsyncSeriesBailHook,
  createHooks,
  createSyncBailHook,
  createSyncHook,
  createSyncWaterfallHook,
  defineHooks,
  tapOnly,
  type HookEngine,
} from './hook-bus'
import { STAGE } from './hooks'

// One scenario matrix, run against both engines, so the CSP fallback behaves exactly like tapable.
describe.each<HookEngine>(['tapable', 'loop'])('hook bus on the %s engine', (engine) => {
  const o = { engine }

  it('SyncHook calls every tap in tap order with the arguments', () => {
    const hook = createSyncHook<[number, string]>(o)
    const seen: string[] = []
    hook.tap('a', (n, s) => void seen.push(`a${n}${s}`))
    hook.tap('b', (n, s) => void seen.push(`b${n}${s}`))
    hook.call(1, 'x')
    expect(seen).toEqual(['a1x', 'b1x'])
  })

  it('stages order taps regardless of tap order, stable within a stage', () => {
    const hook = createSyncHook<[]>(o)
    const seen: string[] = []
    hook.tap('late', () => void seen.push('late'), { stage: STAGE.late })
    hook.tap('normal1', () => void seen.push('normal1'))
    hook.tap('early', () => void seen.push('early'), { stage: STAGE.early })
    hook.tap('normal2', () => void seen.push('normal2'))
    hook.call()
    expect(seen).toEqual(['early', 'normal1', 'normal2', 'late'])
  })

  it('untap removes a tap, also after the hook was already called', () => {
    const hook = createSyncHook<[]>(o)
    const seen: string[] = []
    const untapA = hook.tap('a', () => void seen.push('a'))
    hook.tap('b', () => void seen.push('b'))
    hook.call()
    untapA()
    untapA() // idempotent
    hook.call()
    expect(seen).toEqual(['a', 'b', 'b'])
  })

  it('SyncBailHook returns the first defined answer and skips later taps', () => {
    const hook = createSyncBailHook<[number], string>(o)
    const ran: string[] = []
    hook.tap('none', () => void ran.push('none'))
    hook.tap('first', (n) => (ran.push('first'), n > 0 ? 'pos' : undefined))
    hook.tap('second', () => (ran.push('second'), 'other'))
    expect(hook.call(1)).toBe('pos')
    expect(ran).toEqual(['none', 'first'])
    expect(hook.call(-1)).toBe('other')
  })

  it('SyncBailHook with no answer returns undefined', () => {
    const hook = createSyncBailHook<[], string>(o)
    hook.tap('none', () => undefined)
    expect(hook.call()).toBeUndefined()
  })

  it('SyncWaterfallHook threads the value and passes the rest arguments', () => {
    const hook = createSyncWaterfallHook<number[], [number]>(o)
    hook.tap('double', (v, k) => v.map((x) => x * k))
    hook.tap('skip', () => undefined as unknown as number[]) // undefined keeps the value
    hook.tap('drop-odd', (v) => v.filter((x) => x % 4 === 0))
    expect(hook.call([1, 2, 3, 4], 2)).toEqual([4, 8])
  })

  it('AsyncSeriesBailHook awaits taps in order and bails on the first defined value', async () => {
    const hook = createAsyncSeriesBailHook<[string], string>(o)
    const ran: string[] = []
    hook.tap('slow-none', async () => {
      await new Promise((r) => setTimeout(r, 5))
      ran.push('slow-none')
      return undefined
    })
    hook.tap('sync-answer', (s) => (ran.push('sync-answer'), `step:${s}`))
    hook.tap('never', async () => (ran.push('never'), 'x'))
    await expect(hook.promise('a')).resolves.toBe('step:a')
    expect(ran).toEqual(['slow-none', 'sync-answer'])
  })

  it('AsyncSeriesBailHook turns a throwing tap into a rejection', async () => {
    const hook = createAsyncSeriesBailHook<[], string>(o)
    hook.tap('boom', () => {
      throw new Error('boom')
    })
    await expect(hook.promise()).rejects.toThrow('boom')
  })

  it('AsyncParallelHook runs taps at once and returns defined values in tap order', async () => {
    const hook = createAsyncParallelHook<[number], string>(o)
    let running = 0
    let maxRunning = 0
    const slow = (ms: number, v: string | undefined) => async () => {
      running++
      maxRunning = Math.max(maxRunning, running)
      await new Promise((r) => setTimeout(r, ms))
      running--
      return v
    }
    hook.tap('a', slow(20, 'a'))
    hook.tap('b', slow(1, undefined))
    hook.tap('c', slow(5, 'c'))
    await expect(hook.promise(1)).resolves.toEqual(['a', 'c'])
    expect(maxRunning).toBe(3)
  })

  it('AsyncParallelHook rejects when a tap rejects', async () => {
    const hook = createAsyncParallelHook<[], string>(o)
    hook.tap('ok', async () => 'ok')
    hook.tap('bad', async () => {
      throw new Error('bad tap')
    })
    await expect(hook.promise()).rejects.toThrow('bad tap')
  })

  it('rejects taps without a name or function', () => {
    const hook = createSyncHook<[]>(o)
    expect(() => hook.tap('', () => {})).toThrow(/name/)
    expect(() => hook.tap('x', 'nope' as unknown as () => void)).toThrow(/not a function/)
  })

  it('createHooks builds every kernel hook, and the tap-only view cannot call', async () => {
    const hooks = createHooks(o)
    const view = tapOnly(hooks)
    const seen: string[] = []
    view.loggedOut.tap('p', () => void seen.push('out'))
    hooks.loggedOut.call()
    expect(seen).toEqual(['out'])
    expect('call' in view.loggedOut).toBe(false)
    view.afterAuthenticate.tap('terms', () => ({ screen: 'portico/terms' }))
    const step = await hooks.afterAuthenticate.promise({} as never)
    expect(step).toEqual({ screen: 'portico/terms' })
  })
})

describe('engine detection', () => {
  const realFunction = globalThis.Function
  afterEach(() => {
    globalThis.Function = realFunction
    canCompileCode(true)
  })

  it('uses tapable when code generation works', () => {
    expect(canCompileCode(true)).toBe(true)
  })

  it('falls back to the loop, and hooks still work, when new Function is blocked', async () => {
    // Emulates a page whose CSP lacks 'unsafe-eval': any new Function throws an EvalError.
    globalThis.Function = function blocked() {
      throw new EvalError('Refused to evaluate a string as JavaScript')
    } as unknown as FunctionConstructor
    expect(canCompileCode(true)).toBe(false)
    // The default engine would be tapable if detection were wrong; tapable compiling would throw.
    const hooks = createHooks()
    const seen: string[] = []
    hooks.sessionChanged.tap('a', (s) => void seen.push(String(s.authenticated)))
    hooks.sessionChanged.call({ authenticated: true, user: null })
    hooks.mapError.tap('m', () => ({ screen: 'x' }))
    expect(hooks.mapError.call({} as never, {})).toEqual({ screen: 'x' })
    hooks.resolveLoginMethods.tap('w', (list) => list.slice(1))
    expect(hooks.resolveLoginMethods.call([{ id: 'a' }, { id: 'b' }] as never, {} as never)).toEqual([{ id: 'b' }])
    expect(seen).toEqual(['true'])
    // And tapable really is unusable here, which is why the fallback matters.
    const compiled = createSyncHook<[]>({ engine: 'tapable' })
    compiled.tap('x', () => {})
    expect(() => compiled.call()).toThrow(/evaluate/)
  })

  it('hooks a plugin declares run on the loop too when new Function is blocked', async () => {
    globalThis.Function = function blocked() {
      throw new EvalError('Refused to evaluate a string as JavaScript')
    } as unknown as FunctionConstructor
    canCompileCode(true)
    const greeter = defineHooks('greeter', (make) => ({ greeted: make.sync<[string]>(), pick: make.asyncSeriesBail<[], string>() }))
    const bus = { hooks: createHooks() }
    const seen: string[] = []
    greeter(bus).greeted.tap('a', (text) => void seen.push(text))
    greeter(bus).greeted.call('hi')
    greeter(bus).pick.tap('b', async () => 'picked')
    await expect(greeter(bus).pick.promise()).resolves.toBe('picked')
    expect(seen).toEqual(['hi'])
  })
})

describe('hooks plugins declare', () => {
  const counter = defineHooks('counter', (make) => ({ counted: make.sync<[number]>(), total: make.syncWaterfall<number>() }))

  it('default: one set per kernel and key; another kernel has its own', () => {
    const a = { hooks: createHooks() }
    const b = { hooks: createHooks() }
    expect(counter(a)).toBe(counter(a))
    expect(counter(a)).not.toBe(counter(b))
    const seen: number[] = []
    counter(a).counted.tap('t', (n) => void seen.push(n))
    counter(b).counted.call(2)
    counter(a).counted.call(1)
    expect(seen).toEqual([1])
  })

  it("behavior: a plugin's tap-only view reaches the same declared hooks as the kernel", () => {
    const hooks = createHooks()
    const view = { hooks: tapOnly(hooks) }
    counter(view).total.tap('double', (n) => n * 2)
    expect(counter({ hooks }).total.call(3)).toBe(6)
    // The kernel's own hooks stay tap-only in the view; `define` is not listed as a hook.
    expect(Object.keys(view.hooks)).not.toContain('define')
    expect('call' in view.hooks.loggedOut).toBe(false)
  })

  it('behavior: a key declared by two different factories is refused', () => {
    const hooks = createHooks()
    counter({ hooks })
    const impostor = defineHooks('counter', (make) => ({ counted: make.sync<[string]>() }))
    expect(() => impostor({ hooks })).toThrow(/Hooks "counter" are declared twice/)
  })
})
