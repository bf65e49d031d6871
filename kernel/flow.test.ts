import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { proxy } from 'valtio/vanilla'
import { createFlow, type FlowController, type StepCancelReason } from './flow'
import { createRouter, type Router } from './router'
import { createPortico } from './kernel'
import { createMemoryStorage } from './storage'
import type { PluginContext, PluginDefinition } from './plugin'
import { PorticoError } from './errors'
import { startTestServer, type TestServer } from '../test/support/http-server'
import { makeAppResponse, makeAuthResponse, makeUser, screensPlugin, TEST_APP_ID } from '../test/support/kernel-fixtures'
import type { Kernel, KernelState } from './types'

const load = async () => ({ default: null })
const SCREENS = [
  'portico/landing',
  'funding/methods',
  'funding/amount',
  'tx/review',
  'tx/receipt',
  'mfa/verify',
  'mfa/code',
  'portico/error',
]

/** A stack over a real router and a valtio modal state, as the kernel builds it. */
function makeFlow() {
  const modal = proxy<KernelState['modal']>({ open: false, stack: [] })
  const screens = new Map(SCREENS.map((id) => [id, { load }] as const))
  screens.set('portico/terms', { load, blocking: true } as never)
  const router = createRouter(modal, screens)
  const flow = createFlow(router, modal)
  return { modal, router, flow }
}

/** Records how each step ended, in the order they ended. */
function recorder() {
  const log: string[] = []
  const cancelled = (name: string) => (reason: StepCancelReason) => new Error(`${name} ${reason}`)
  const watch = <T>(name: string, p: Promise<T>) =>
    p.then(
      (value) => void log.push(`${name} resolved ${String(value)}`),
      (e: Error) => void log.push(e.message),
    )
  return { log, cancelled, watch }
}

const screensOf = (modal: KernelState['modal']) => modal.stack.map((e) => e.screen)

/** Opens funding > transaction > MFA, as three plugins would, each inside the one before. */
function openThree(flow: FlowController, router: Router, r: ReturnType<typeof recorder>) {
  router.open('portico/landing')
  const funding = r.watch('funding', flow.beginFor('funding', { screen: 'funding/methods', cancelError: r.cancelled('funding') }))
  router.navigate('funding/amount')
  const tx = r.watch('tx', flow.beginFor('tx', { screen: 'tx/review', cancelError: r.cancelled('tx') }))
  const mfa = r.watch('mfa', flow.beginFor('mfa', { screen: 'mfa/verify', cancelError: r.cancelled('mfa') }))
  return { funding, tx, mfa }
}

describe('step stack', () => {
  it('behavior: steps nest; each screen belongs to the innermost step whose first screen lies at or below it', () => {
    const { modal, router, flow } = makeFlow()
    openThree(flow, router, recorder())
    router.navigate('mfa/code')
    expect(screensOf(modal)).toEqual(['portico/landing', 'funding/methods', 'funding/amount', 'tx/review', 'mfa/verify', 'mfa/code'])
    expect(flow.steps().map((s) => [s.plugin, s.screen])).toEqual([
      ['funding', 'funding/methods'],
      ['tx', 'tx/review'],
      ['mfa', 'mfa/verify'],
    ])
    expect([0, 1, 2, 3, 4, 5].map((i) => flow.stepAt(i)?.plugin ?? null)).toEqual([null, 'funding', 'funding', 'tx', 'mfa', 'mfa'])
    expect(flow.current()?.plugin).toBe('mfa')
  })

  it('behavior: an inner step resolving returns the modal to the outer step\'s screen; the outer keeps waiting', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    const { mfa, tx, funding } = openThree(flow, router, r)
    router.navigate('mfa/code')
    expect(flow.current()?.resolve('123456')).toBe(true)
    await mfa
    expect(r.log).toEqual(['mfa resolved 123456'])
    expect(screensOf(modal).at(-1)).toBe('tx/review')
    expect(flow.steps().map((s) => s.plugin)).toEqual(['funding', 'tx'])

    flow.current()!.resolve('0xhash')
    await tx
    expect(screensOf(modal).at(-1)).toBe('funding/amount')
    flow.current()!.resolve('funded')
    await funding
    expect(screensOf(modal)).toEqual(['portico/landing'])
    expect(r.log).toEqual(['mfa resolved 123456', 'tx resolved 0xhash', 'funding resolved funded'])
  })

  it('behavior: an outer step ending first unwinds the steps inside it, innermost first', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    const all = openThree(flow, router, r)
    flow.steps()[0]!.resolve('done')
    await Promise.all(Object.values(all))
    expect(r.log).toEqual(['mfa unwind', 'tx unwind', 'funding resolved done'])
    expect(screensOf(modal)).toEqual(['portico/landing'])
    expect(flow.steps()).toEqual([])
  })

  it('behavior: cancelling an inner step rejects it alone, returns to the outer screen and leaves the outer waiting', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    const { mfa } = openThree(flow, router, r)
    expect(flow.current()?.cancel()).toBe(true)
    await mfa
    expect(r.log).toEqual(['mfa cancel'])
    expect(screensOf(modal).at(-1)).toBe('tx/review')
    expect(flow.steps().map((s) => [s.plugin, s.active()])).toEqual([
      ['funding', true],
      ['tx', true],
    ])
  })

  it('behavior: Back from a step\'s first screen cancels that step only (reason left); Back inside it does not', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    const { mfa } = openThree(flow, router, r)
    router.navigate('mfa/code')
    router.back()
    expect(flow.steps()).toHaveLength(3)
    router.back()
    await mfa
    expect(r.log).toEqual(['mfa left'])
    expect(screensOf(modal).at(-1)).toBe('tx/review')
    expect(flow.steps().map((s) => s.plugin)).toEqual(['funding', 'tx'])
  })

  it('behavior: closing the modal cancels every step, innermost first, each with its own error', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    const all = openThree(flow, router, r)
    expect(router.close()).toBe(true)
    await Promise.all(Object.values(all))
    expect(r.log).toEqual(['mfa close', 'tx close', 'funding close'])
    expect(flow.steps()).toEqual([])
    expect(modal).toEqual({ open: false, stack: [] })
  })

  it('behavior: a blocking screen refuses to close and its step keeps waiting', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    const terms = r.watch('terms', flow.begin({ screen: 'portico/terms', cancelError: r.cancelled('terms') }))
    expect(router.close()).toBe(false)
    expect(flow.current()?.screen).toBe('portico/terms')
    expect(modal.open).toBe(true)
    flow.current()!.resolve('accepted')
    await terms
    expect(r.log).toEqual(['terms resolved accepted'])
    // The step had opened the modal: with nothing to return to, it closes.
    expect(modal.open).toBe(false)
  })

  it('behavior: a screen ends its own step even after another step opened on top of it', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    router.open('portico/landing')
    const outer = r.watch('outer', flow.begin({ screen: 'tx/review', cancelError: r.cancelled('outer') }))
    // The review screen (index 1) holds its own step's handle, as a screen context does.
    const own = flow.stepAt(1)!
    const inner = r.watch('inner', flow.begin({ screen: 'mfa/verify', cancelError: r.cancelled('inner') }))
    expect(flow.current()?.id).not.toBe(own.id)
    own.resolve('sent')
    await Promise.all([outer, inner])
    expect(r.log).toEqual(['inner unwind', 'outer resolved sent'])
    expect(own.resolve('again')).toBe(false)
    expect(own.cancel()).toBe(false)
    expect(screensOf(modal)).toEqual(['portico/landing'])
  })

  it('behavior: onOpen hands the opener its own step, which it can end later from outside the screens', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    router.open('tx/review')
    const opened: number[] = []
    let own: ReturnType<FlowController['current']> = null
    const funding = r.watch('funding', flow.beginFor('funding', { screen: 'funding/methods', cancelError: r.cancelled('funding'), onOpen: (s) => ((own = s), opened.push(s.id)) }))
    const mfa = r.watch('mfa', flow.beginFor('mfa', { screen: 'mfa/verify', cancelError: r.cancelled('mfa') }))
    expect(opened).toEqual([flow.stepAt(1)!.id])
    expect(own!.screen).toBe('funding/methods')
    own!.resolve('funded')
    await Promise.all([funding, mfa])
    expect(r.log).toEqual(['mfa unwind', 'funding resolved funded'])
    expect(screensOf(modal)).toEqual(['tx/review'])
    // A step that cannot open (an unknown screen) hands nothing over.
    await expect(flow.begin({ screen: 'nope/none', onOpen: (s) => opened.push(s.id) })).rejects.toMatchObject({ code: 'unknown_screen' })
    expect(opened).toHaveLength(1)
  })

  it('behavior: steps begun at the same moment stack in call order and end independently', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    router.open('portico/landing')
    const [a, b] = [
      r.watch('a', flow.beginFor('funding', { screen: 'funding/methods', cancelError: r.cancelled('a') })),
      r.watch('b', flow.beginFor('tx', { screen: 'tx/review', cancelError: r.cancelled('b') })),
    ]
    const [sa, sb] = flow.steps()
    expect(sa!.id).not.toBe(sb!.id)
    expect(screensOf(modal)).toEqual(['portico/landing', 'funding/methods', 'tx/review'])
    sb!.resolve(2)
    await b
    expect(sa!.active()).toBe(true)
    expect(screensOf(modal).at(-1)).toBe('funding/methods')
    sa!.resolve(1)
    await a
    expect(r.log).toEqual(['b resolved 2', 'a resolved 1'])
  })

  it('behavior: nothing is left behind once steps end (no step, no mark, no abort listener)', async () => {
    const { modal, router, flow } = makeFlow()
    router.open('portico/landing')
    const controller = new AbortController()
    const added = vi.spyOn(controller.signal, 'addEventListener')
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    for (let k = 0; k < 50; k++) {
      const done = flow.begin<number>({ screen: 'mfa/verify', signal: controller.signal })
      flow.current()!.resolve(k)
      await expect(done).resolves.toBe(k)
    }
    expect(flow.steps()).toEqual([])
    expect(modal.stack).toEqual([{ screen: 'portico/landing', params: {} }])
    // Every step removed its abort listener when it ended.
    expect(added).toHaveBeenCalledTimes(50)
    expect(removed.mock.calls).toEqual(added.mock.calls.map(([type, listener]) => [type, listener]))
    // A step that was never resolved is gone with the modal.
    const left = flow.begin({ screen: 'mfa/verify' })
    router.close()
    await expect(left).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(flow.steps()).toEqual([])
  })

  it('behavior: an aborted signal cancels its step; an already aborted one opens nothing', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    router.open('portico/landing')
    const controller = new AbortController()
    const step = r.watch('mfa', flow.begin({ screen: 'mfa/verify', signal: controller.signal, cancelError: r.cancelled('mfa') }))
    controller.abort()
    await step
    expect(r.log).toEqual(['mfa abort'])
    expect(screensOf(modal)).toEqual(['portico/landing'])
    await r.watch('late', flow.begin({ screen: 'mfa/verify', signal: controller.signal, cancelError: r.cancelled('late') }))
    expect(r.log).toEqual(['mfa abort', 'late abort'])
    expect(screensOf(modal)).toEqual(['portico/landing'])
  })

  it('behavior: a screen replacing itself stays its step\'s first screen; a reset leaves the steps behind', async () => {
    const { modal, router, flow } = makeFlow()
    const r = recorder()
    router.open('portico/landing')
    const tx = r.watch('tx', flow.begin({ screen: 'tx/review', cancelError: r.cancelled('tx') }))
    router.navigate('portico/error', {}, { replace: true })
    expect(flow.current()?.screen).toBe('tx/review')
    const mfa = r.watch('mfa', flow.begin({ screen: 'mfa/verify', reset: true, cancelError: r.cancelled('mfa') }))
    await tx
    expect(r.log).toEqual(['tx left'])
    expect(flow.steps().map((s) => s.screen)).toEqual(['mfa/verify'])
    expect(screensOf(modal)).toEqual(['mfa/verify'])
    flow.current()!.cancel()
    await mfa
    expect(modal.open).toBe(false)
  })

  it('behavior: keepScreens leaves the step\'s screens showing but still removes the screens of the steps inside it', async () => {
    const { modal, router, flow } = makeFlow()
    router.open('portico/landing')
    const kept = flow.begin({ screen: 'tx/review', keepScreens: true })
    router.navigate('tx/receipt')
    const inner = flow.begin({ screen: 'mfa/verify' }).catch((e: PorticoError) => e.code)
    flow.stepAt(1)!.resolve()
    await kept
    await expect(inner).resolves.toBe('exited_auth_flow')
    expect(screensOf(modal)).toEqual(['portico/landing', 'tx/review', 'tx/receipt'])
  })

  it('behavior: an unknown screen rejects with unknown_screen and opens no step', async () => {
    const { modal, flow } = makeFlow()
    await expect(flow.begin({ screen: 'nope/nothing' })).rejects.toMatchObject({ code: 'unknown_screen' })
    expect(flow.steps()).toEqual([])
    expect(modal.open).toBe(false)
  })

  it('behavior: destroy cancels every open step with reason destroy', async () => {
    const { router, flow } = makeFlow()
    const r = recorder()
    const all = openThree(flow, router, r)
    flow.destroy()
    await Promise.all(Object.values(all))
    expect(r.log).toEqual(['mfa destroy', 'tx destroy', 'funding destroy'])
  })
})

describe('steps in the kernel', () => {
  let server: TestServer
  const kernels: Kernel[] = []
  let contexts: Record<string, PluginContext>
  let app: ReturnType<typeof makeAppResponse>

  const screens = (id: string, names: string[], blocking: string[] = []) =>
    screensPlugin(id, names, { blocking, onSetup: (ctx) => (contexts[id] = ctx) })
  const mfaCancelled = () => new PorticoError('MFA canceled', { code: 'mfa_canceled' })

  function make(): Kernel {
    const plugins: PluginDefinition[] = [
      screens('portico', ['landing', 'error', 'terms', 'captcha'], ['terms']),
      screens('email', ['entry', 'code']),
      screens('wallet', ['create'], ['create']),
      screens('funding', ['methods']),
      screens('tx', ['review']),
      screens('mfa', ['verify']),
    ]
    const k = createPortico({
      appId: TEST_APP_ID,
      apiUrl: server.url,
      plugins,
      storage: createMemoryStorage(),
      autoRefresh: false,
      sleep: async () => undefined,
    })
    kernels.push(k)
    return k
  }

  beforeEach(async () => {
    contexts = {}
    app = makeAppResponse()
    server = await startTestServer(async (r) => {
      if (r.path === `/api/v1/apps/${TEST_APP_ID}`) return { json: app }
      if (r.path === '/api/v1/users/me') return { json: { user: makeUser(), identity_token: null } }
      return { json: {} }
    })
  })
  afterEach(async () => {
    for (const k of kernels.splice(0)) k.destroy()
    await server.close()
  })

  const top = (k: Kernel) => k.state.modal.stack.at(-1)?.screen

  it('behavior: a plugin-defined nesting: MFA inside a transaction inside funding, with MFA cancelled then passed', async () => {
    const k = make()
    await k.init()
    const order: string[] = []
    const funding = contexts.funding!.step<string>({ screen: 'funding/methods' })
    const sendTransaction = async () => {
      const approved = await contexts.tx!.step<string>({ screen: 'tx/review' })
      order.push(`tx ${approved}`)
      return approved
    }
    const tx = sendTransaction()
    const verify = () => contexts.mfa!.step<string>({ screen: 'mfa/verify', cancelError: mfaCancelled })

    // The user closes the MFA screen's step (its Back): the transaction review shows again and still waits.
    const first = verify()
    expect(top(k)).toBe('mfa/verify')
    k.back()
    await expect(first).rejects.toThrow('MFA canceled')
    expect(top(k)).toBe('tx/review')
    expect(k.flow.steps().map((s) => s.plugin)).toEqual(['funding', 'tx'])

    const second = verify()
    k.resolveStep('continue')
    await expect(second).resolves.toBeUndefined()
    expect(top(k)).toBe('tx/review')
    k.flow.current()!.resolve('0xabc')
    await expect(tx).resolves.toBe('0xabc')
    expect(top(k)).toBe('funding/methods')
    k.flow.current()!.resolve('funded')
    await expect(funding).resolves.toBe('funded')
    expect(order).toEqual(['tx 0xabc'])
    expect(k.state.modal.open).toBe(false)
  })

  it('behavior: closing the modal during MFA rejects it with MFA canceled and the outer steps with exited_auth_flow', async () => {
    const k = make()
    await k.init()
    const funding = contexts.funding!.step({ screen: 'funding/methods' }).catch((e: PorticoError) => e.code)
    const tx = contexts.tx!.step({ screen: 'tx/review' }).catch((e: PorticoError) => e.code)
    const mfa = contexts.mfa!.step({ screen: 'mfa/verify', cancelError: mfaCancelled }).catch((e: PorticoError) => e.message)
    k.closeModal()
    expect(await Promise.all([mfa, tx, funding])).toEqual(['MFA canceled', 'exited_auth_flow', 'exited_auth_flow'])
    expect(k.flow.steps()).toEqual([])
  })

  it('behavior: captcha before a login inside a waiting step: leaving the captcha fails the login, the outer step waits', async () => {
    const k = make()
    await k.init()
    contexts.portico!.hooks.beforeLogin.tap('captcha', () => ({ screen: 'portico/captcha' }))
    const funding = contexts.funding!.step({ screen: 'funding/methods' })
    k.navigate('email/entry')
    const login = contexts.email!.beginLogin({ method: 'email' })
    await expect.poll(() => top(k)).toBe('portico/captcha')
    expect(k.flow.current()?.screen).toBe('portico/captcha')
    k.back()
    await expect(login).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(top(k)).toBe('email/entry')
    expect(k.flow.steps().map((s) => s.plugin)).toEqual(['funding'])
    k.flow.current()!.resolve()
    await expect(funding).resolves.toBeUndefined()
  })

  it('behavior: terms then wallet creation after a login, each a step; the second shows over the first, then the modal closes', async () => {
    const k = make()
    await k.init()
    k.openModal('email/code')
    const asked: string[] = []
    contexts.portico!.hooks.afterAuthenticate.tap('terms', () => (asked.includes('terms') ? undefined : (asked.push('terms'), { screen: 'portico/terms' })))
    contexts.wallet!.hooks.afterAuthenticate.tap('wallet', () => (asked.includes('wallet') ? undefined : (asked.push('wallet'), { screen: 'wallet/create' })))
    const login = contexts.email!.authenticate(() => makeAuthResponse(), { method: 'email' })
    await expect.poll(() => top(k)).toBe('portico/terms')
    // Blocking: closing does nothing and the login keeps waiting.
    k.closeModal()
    expect(top(k)).toBe('portico/terms')
    k.resolveStep('continue')
    await expect.poll(() => top(k)).toBe('wallet/create')
    expect(k.state.modal.stack.map((e) => e.screen)).toEqual(['email/code', 'portico/terms', 'wallet/create'])
    k.resolveStep('continue')
    await expect(login).resolves.toMatchObject({ method: 'email' })
    expect(asked).toEqual(['terms', 'wallet'])
    expect(k.state.modal.open).toBe(false)
    expect(k.state.session.status).toBe('authenticated')
  })

  it('behavior: declining a post-login step logs out and closes with exited_auth_flow', async () => {
    const k = make()
    await k.init()
    k.openModal('email/code')
    contexts.portico!.hooks.afterAuthenticate.tap('terms', () => ({ screen: 'portico/terms' }))
    const login = contexts.email!.authenticate(() => makeAuthResponse(), { method: 'email' })
    await expect.poll(() => top(k)).toBe('portico/terms')
    k.resolveStep('abort')
    await expect(login).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(k.state.session.status).toBe('unauthenticated')
    expect(k.state.modal.open).toBe(false)
  })

  it('behavior: resolveStep ends only the step of the top screen; with no step there it does nothing', async () => {
    const k = make()
    await k.init()
    k.openModal('portico/landing')
    k.resolveStep('abort')
    expect(k.state.modal.open).toBe(true)
    const outer = contexts.funding!.step<string>({ screen: 'funding/methods' })
    const inner = contexts.tx!.step<string>({ screen: 'tx/review' })
    k.resolveStep('continue')
    await expect(inner).resolves.toBeUndefined()
    expect(k.flow.current()?.plugin).toBe('funding')
    k.flow.current()!.cancel()
    await expect(outer).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(top(k)).toBe('portico/landing')
  })

  it('behavior: destroying the kernel cancels the open steps', async () => {
    const k = make()
    await k.init()
    const step = contexts.funding!.step({ screen: 'funding/methods' })
    k.destroy()
    await expect(step).rejects.toMatchObject({ code: 'exited_auth_flow' })
  })
})
