import { describe, expect, it, vi } from 'vitest'
import { mergePlugins, setupPlugins } from './registry'
import { definePlugin, type PluginDefinition } from './plugin'
import { defineErrorCodes } from './errors'
import { kernelMessages } from './messages/en'

const screen = { load: async () => ({ default: null }) }
const p = (id: string, extra: Partial<PluginDefinition> = {}): PluginDefinition =>
  definePlugin({ id, kind: 'feature', ...extra })

describe('mergePlugins', () => {
  it.each(['Email', 'email_code', '-email', 'email-', '1email', 'e--mail', ''])('rejects the id "%s"', (id) => {
    expect(() => mergePlugins([p(id)])).toThrow(/Invalid plugin id/)
  })

  it('accepts kebab-case ids', () => {
    expect(mergePlugins([p('email'), p('cross-app'), p('web3-wallet')]).plugins.map((x) => x.id)).toEqual([
      'email',
      'cross-app',
      'web3-wallet',
    ])
  })

  it('rejects a duplicate id', () => {
    expect(() => mergePlugins([p('email'), p('email')])).toThrow(/registered twice/)
  })

  it('rejects a missing required plugin and a dependency cycle', () => {
    expect(() => mergePlugins([p('terms', { requires: ['captcha'] })])).toThrow(/requires plugin "captcha"/)
    expect(() => mergePlugins([p('a', { requires: ['b'] }), p('b', { requires: ['a'] })])).toThrow(/cycle/)
  })

  it('orders plugins after the plugins they require', () => {
    const merged = mergePlugins([p('sms', { requires: ['captcha'] }), p('captcha')])
    expect(merged.plugins.map((x) => x.id)).toEqual(['captcha', 'sms'])
  })

  it('merges screens under <plugin id>/<screen> and rejects slashes in names', () => {
    const merged = mergePlugins([p('email', { screens: { entry: screen, code: { ...screen, blocking: true } } })])
    expect([...merged.screens.keys()]).toEqual(['email/entry', 'email/code'])
    expect(merged.screens.get('email/code')?.blocking).toBe(true)
    expect(() => mergePlugins([p('x', { screens: { 'a/b': screen } })])).toThrow(/invalid screen name/)
  })

  it('merges error tables with the kernel table and rejects duplicate codes', () => {
    const errors = defineErrorCodes('EMAIL', { EMAIL_INVALID_CODE: { from: ['invalid_credentials'], inline: true } })
    const merged = mergePlugins([p('email', { errors })])
    expect(merged.errors.EMAIL_INVALID_CODE).toEqual({ from: ['invalid_credentials'], inline: true })
    expect(merged.errors.PORTICO_ALLOWLIST_REJECTED?.screen).toBe('portico/allowlist')
    expect(() => mergePlugins([p('email', { errors }), p('sms', { errors })])).toThrow(/already declared by plugin "email"/)
    expect(() => mergePlugins([p('x', { errors: { PORTICO_USER_LIMIT_REACHED: {} } })])).toThrow(/already declared by kernel/)
  })

  it('merges message tables: plugins may re-word kernel texts but not each other', () => {
    const merged = mergePlugins([
      p('email', { messages: { EMAIL_TITLE: 'Email' } }),
      p('brand', { messages: { PORTICO_LANDING_TITLE: 'Sign in' } }),
    ])
    expect(merged.messages.EMAIL_TITLE).toBe('Email')
    expect(merged.messages.PORTICO_LANDING_TITLE).toBe('Sign in')
    expect(merged.messages.PORTICO_GENERIC_TITLE).toBe(kernelMessages.PORTICO_GENERIC_TITLE)
    expect(() =>
      mergePlugins([p('a', { messages: { K: '1' } }), p('b', { messages: { K: '2' } })]),
    ).toThrow(/Message key K/)
  })

  it("behavior: a plugin's screen texts join the messages when its first screen loads, once, and again after a failed load", async () => {
    let fail = true
    const screenMessages = vi.fn(async () => {
      if (fail) throw new Error('offline')
      return { WALLET_TITLE: 'Your wallet', PORTICO_GENERIC_TITLE: 'Re-worded' }
    })
    const merged = mergePlugins([p('wallet', { screens: { a: screen, b: screen }, screenMessages })])
    expect(merged.messages.WALLET_TITLE).toBeUndefined()
    await expect(merged.screens.get('wallet/a')!.load()).rejects.toThrow('offline')
    expect(merged.messages.WALLET_TITLE).toBeUndefined()
    fail = false
    await expect(merged.screens.get('wallet/a')!.load()).resolves.toEqual({ default: null })
    expect(merged.messages.WALLET_TITLE).toBe('Your wallet')
    expect(merged.messages.PORTICO_GENERIC_TITLE).toBe('Re-worded')
    await merged.screens.get('wallet/b')!.load()
    expect(screenMessages).toHaveBeenCalledTimes(2)
  })

  it("refuses to load a screen whose texts use another plugin's message key", async () => {
    const merged = mergePlugins([
      p('email', { messages: { SHARED: 'mine' } }),
      p('wallet', { screens: { a: screen }, screenMessages: async () => ({ WALLET_TITLE: 'Your wallet', SHARED: 'theirs' }) }),
    ])
    await expect(merged.screens.get('wallet/a')!.load()).rejects.toThrow(/Message key SHARED of plugin "wallet" is already declared by plugin "email"/)
    expect(merged.messages.SHARED).toBe('mine')
    // Nothing of the refused table was added.
    expect(merged.messages.WALLET_TITLE).toBeUndefined()
  })

  it('behavior: a plugin required by definition joins when the host registered none of its id, before its dependants', () => {
    const base = p('base')
    const a = p('a', { requires: [base] })
    const b = p('b', { requires: [p('base')] })
    const merged = mergePlugins([a, b])
    expect(merged.plugins.map((x) => x.id)).toEqual(['base', 'a', 'b'])
    expect(merged.plugins[0]).toBe(base)
    // The host's own registration wins, wherever it sits in the list.
    const mine = p('base', { messages: { MINE: 'mine' } })
    const hosted = mergePlugins([a, mine])
    expect(hosted.plugins.map((x) => x.id)).toEqual(['base', 'a'])
    expect(hosted.plugins[0]).toBe(mine)
    expect(() => mergePlugins([p('c', { requires: [p('Not-Kebab')] })])).toThrow(/Invalid plugin id/)
  })

  it('collects login methods and rejects a method offered twice', () => {
    const method = { id: 'email', group: 'web2' as const, label: { text: 'L' }, enabledBy: 'email_auth', screen: 'email/entry' }
    expect(mergePlugins([p('email', { loginMethods: [method] })]).loginMethods).toEqual([method])
    expect(() => mergePlugins([p('email', { loginMethods: [method] }), p('other', { loginMethods: [method] })])).toThrow(
      /already offered/,
    )
  })
})

describe('setupPlugins', () => {
  it('calls setup with each context in order and runs teardowns in reverse', () => {
    const log: string[] = []
    const mk = (id: string) =>
      p(id, {
        setup: (ctx) => {
          log.push(`setup ${ctx.pluginId}`)
          return () => log.push(`teardown ${id}`)
        },
      })
    const life = setupPlugins([mk('a'), mk('b'), p('c')], (pl) => ({ pluginId: pl.id }) as never)
    expect([...life.contexts.keys()]).toEqual(['a', 'b', 'c'])
    life.teardown()
    life.teardown() // only once
    expect(log).toEqual(['setup a', 'setup b', 'teardown b', 'teardown a'])
  })

  it('a failing teardown does not stop the others', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const log: string[] = []
    const life = setupPlugins(
      [p('a', { setup: () => () => log.push('a') }), p('b', { setup: () => () => { throw new Error('x') } })],
      (pl) => ({ pluginId: pl.id }) as never,
    )
    life.teardown()
    expect(log).toEqual(['a'])
    expect(spy).toHaveBeenCalledOnce()
    spy.mockRestore()
  })
})
