import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import type { PluginContext } from '../../kernel/plugin'
import { PorticoError } from '../../kernel/errors'
import type { Kernel } from '../../kernel/types'
import { startTestServer, type TestServer } from '../../test/support/http-server'
import { makeAppResponse, makeUser, screensPlugin, TEST_APP_ID } from '../../test/support/kernel-fixtures'
import { createScreenContext } from './screen-host'


describe('screen context', () => {
  let server: TestServer
  let kernel: Kernel
  let contexts: Record<string, PluginContext>

  const screens = (id: string, names: string[], blocking: string[] = []) =>
    screensPlugin(id, names, { blocking, onSetup: (ctx) => (contexts[id] = ctx) })

  beforeEach(async () => {
    contexts = {}
    server = await startTestServer(async (r) => {
      if (r.path === `/api/v1/apps/${TEST_APP_ID}`) return { json: makeAppResponse() }
      if (r.path === '/api/v1/users/me') return { json: { user: makeUser(), identity_token: null } }
      return { json: {} }
    })
    kernel = createPortico({
      appId: TEST_APP_ID,
      apiUrl: server.url,
      plugins: [
        screens('portico', ['landing', 'error']),
        { ...screens('funding', ['methods', 'amount'], ['amount']), errors: { FUNDING_DECLINED: { from: ['invalid_credentials'], steps: ['pay'], inline: true } } },
        screens('mfa', ['verify']),
      ],
      storage: createMemoryStorage(),
      autoRefresh: false,
      sleep: async () => undefined,
    })
    await kernel.init()
  })
  afterEach(async () => {
    kernel.destroy()
    await server.close()
  })

  /** The context the modal gives the screen at a place of its stack. */
  const contextAt = (index: number) => {
    const entry = kernel.state.modal.stack[index]!
    return createScreenContext(kernel, { id: entry.screen, params: entry.params, stackIndex: index, isShown: () => true })
  }
  const stack = () => kernel.state.modal.stack.map((e) => e.screen)

  it("default: a screen gets its own plugin's context, its id and params, and no way to the kernel", () => {
    kernel.openModal('funding/methods', { amount: '5' })
    const screen = contextAt(0)
    expect(screen.id).toBe('funding/methods')
    expect(screen.params).toEqual({ amount: '5' })
    expect(screen.ctx).toBe(contexts.funding)
    expect(Object.isFrozen(screen)).toBe(true)
    expect(Object.keys(screen).sort()).toEqual(
      ['back', 'cancelStep', 'close', 'ctx', 'id', 'isShown', 'markOutcome', 'navigate', 'params', 'refreshSession', 'resolveError', 'resolveStep'].sort(),
    )
    // An inline screen of another plugin gets that plugin's context under the host screen's id.
    const inline = createScreenContext(kernel, { id: 'funding/methods', params: {}, pluginId: 'mfa', isShown: () => true })
    expect(inline.ctx).toBe(contexts.mfa)
  })

  it('behavior: navigate, back and close act on the modal; close ends even a blocking screen', () => {
    kernel.openModal('funding/methods')
    const methods = contextAt(0)
    methods.navigate('funding/amount', { currency: 'usd' })
    expect(stack()).toEqual(['funding/methods', 'funding/amount'])
    methods.back()
    expect(stack()).toEqual(['funding/methods'])
    methods.navigate('funding/amount')
    const amount = contextAt(1)
    kernel.closeModal()
    expect(kernel.state.modal.open).toBe(true)
    amount.close()
    expect(kernel.state.modal.open).toBe(false)
  })

  it('behavior: markOutcome marks only its own place while the screen is shown there; back() then stays', () => {
    kernel.openModal('portico/landing')
    kernel.navigate('funding/methods')
    let shown = true
    const methods = createScreenContext(kernel, { id: 'funding/methods', params: {}, stackIndex: 1, isShown: () => shown })
    methods.markOutcome(true)
    expect(kernel.state.modal.stack.map((e) => !!e.outcome)).toEqual([false, true])
    kernel.back()
    expect(stack()).toEqual(['portico/landing', 'funding/methods'])
    methods.markOutcome(false)
    kernel.back()
    expect(stack()).toEqual(['portico/landing'])
    // Gone from its place, a late call does not mark whatever shows there now.
    kernel.navigate('mfa/verify')
    shown = false
    methods.markOutcome(true)
    expect(kernel.state.modal.stack.map((e) => !!e.outcome)).toEqual([false, false])
  })

  it("behavior: resolveStep ends the step that owns the screen's place, even with a newer step on top", async () => {
    kernel.openModal('portico/landing')
    const funding = contexts.funding!.step<string>({ screen: 'funding/methods' })
    const mfa = contexts.mfa!.step({ screen: 'mfa/verify', cancelError: () => new PorticoError('MFA canceled', { code: 'mfa_canceled' }) })
    expect(stack()).toEqual(['portico/landing', 'funding/methods', 'mfa/verify'])
    const methods = contextAt(1)
    methods.resolveStep()
    await expect(funding).resolves.toBeUndefined()
    // The step inside it unwinds with its own error; the landing underneath stays.
    await expect(mfa).rejects.toThrow('MFA canceled')
    expect(kernel.flow.steps()).toEqual([])
  })

  it('behavior: cancelStep rejects only the screen\'s own step and shows the outer step\'s screen again', async () => {
    kernel.openModal('portico/landing')
    const funding = contexts.funding!.step({ screen: 'funding/methods' })
    const mfa = contexts.mfa!.step({ screen: 'mfa/verify', cancelError: () => new PorticoError('MFA canceled', { code: 'mfa_canceled' }) })
    contextAt(2).cancelStep()
    await expect(mfa).rejects.toThrow('MFA canceled')
    expect(stack()).toEqual(['portico/landing', 'funding/methods'])
    expect(kernel.flow.steps().map((s) => s.plugin)).toEqual(['funding'])
    kernel.flow.current()!.resolve()
    await expect(funding).resolves.toBeUndefined()
  })

  it('behavior: a screen ends its step once; a late cancel (an unmount) does not reach the step opened after it', async () => {
    kernel.openModal('portico/landing')
    const first = contexts.mfa!.step({ screen: 'mfa/verify' })
    const verify = contextAt(1)
    verify.resolveStep()
    await expect(first).resolves.toBeUndefined()
    const second = contexts.mfa!.step({ screen: 'mfa/verify' })
    expect(stack()).toEqual(['portico/landing', 'mfa/verify'])
    verify.cancelStep()
    expect(kernel.flow.steps().map((s) => s.plugin)).toEqual(['mfa'])
    contextAt(1).resolveStep()
    await expect(second).resolves.toBeUndefined()
  })

  it("behavior: resolveError asks with the screen's plugin and id, and the plugin's table answers", () => {
    kernel.openModal('funding/methods')
    const seen: unknown[] = []
    kernel.hooks.mapError.tap('test', (_err, context) => void seen.push(context))
    const resolved = contextAt(0).resolveError(new PorticoError('Declined', { code: 'invalid_credentials' }), { step: 'pay' })
    expect(seen).toEqual([{ method: 'funding', screen: 'funding/methods', step: 'pay' }])
    expect(resolved.code).toBe('FUNDING_DECLINED')
    expect(resolved.reaction.inline).toBe(true)
  })

})
