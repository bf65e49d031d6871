import { describe, expect, it } from 'vitest'
import { proxy } from 'valtio/vanilla'
import { createRouter } from './router'
import type { KernelState } from './types'

const load = async () => ({ default: null })
const screens = new Map([
  ['portico/landing', { load }],
  ['email/entry', { load }],
  ['email/code', { load }],
  ['portico/terms', { load, blocking: true }],
  ['portico/allowlist', { load, outcome: true }],
])
const make = () => {
  const modal = proxy<KernelState['modal']>({ open: false, stack: [] })
  return { modal, router: createRouter(modal, screens) }
}

describe('router', () => {
  it('open starts a fresh stack on a screen; navigate pushes; back pops down to the first screen', () => {
    const { modal, router } = make()
    expect(router.current()).toBeNull()
    router.open('portico/landing')
    router.navigate('email/entry', { email: 'a@b.co' })
    router.navigate('email/code')
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing', 'email/entry', 'email/code'])
    router.back()
    expect(router.current()).toEqual({ screen: 'email/entry', params: { email: 'a@b.co' } })
    router.back()
    router.back()
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
    router.open('email/entry')
    expect(modal.stack.map((e) => e.screen)).toEqual(['email/entry'])
  })

  it('an outcome screen and a settled screen do not go back: the flow behind them has ended', () => {
    const { modal, router } = make()
    router.open('portico/landing')
    router.navigate('email/code')
    router.navigate('portico/allowlist')
    router.back()
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing', 'email/code', 'portico/allowlist'])

    router.open('portico/landing')
    router.navigate('email/code')
    router.navigate('email/entry')
    router.back()
    expect(router.current()?.screen).toBe('email/code')
    router.settle()
    router.back()
    expect(router.current()?.screen).toBe('email/code')
  })

  it('a screen marked as showing its flow\'s end does not go back until the mark is cleared', () => {
    const { modal, router } = make()
    router.open('portico/landing')
    router.navigate('email/code')
    router.markOutcome(1, true)
    router.back()
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing', 'email/code'])
    // A place the stack does not have is left alone.
    router.markOutcome(5, true)
    expect(modal.stack).toHaveLength(2)
    router.markOutcome(1, false)
    expect(modal.stack[1]!.outcome).toBeUndefined()
    router.back()
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
    // The mark belongs to the entry: a screen shown again at that place starts unmarked.
    router.navigate('email/code')
    router.markOutcome(1, true)
    router.navigate('email/entry', {}, { replace: true })
    router.back()
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
  })

  it('replace swaps the top screen; reset clears the stack', () => {
    const { modal, router } = make()
    router.open('portico/landing')
    router.navigate('email/entry')
    router.navigate('email/code', {}, { replace: true })
    expect(modal.stack.map((e) => e.screen)).toEqual(['portico/landing', 'email/code'])
    router.navigate('email/entry', {}, { reset: true })
    expect(modal.stack.map((e) => e.screen)).toEqual(['email/entry'])
  })

  it('navigate opens a closed modal', () => {
    const { modal, router } = make()
    router.navigate('email/code')
    expect(modal.open).toBe(true)
    expect(modal.stack).toHaveLength(1)
  })

  it('close clears the modal, but a blocking screen only closes when forced', () => {
    const { modal, router } = make()
    router.open('portico/terms')
    expect(router.close()).toBe(false)
    expect(modal.open).toBe(true)
    expect(router.close({ force: true })).toBe(true)
    expect(modal).toEqual({ open: false, stack: [] })
    router.open('portico/landing')
    expect(router.close()).toBe(true)
  })

  it('rejects unknown screen ids with a clear error', () => {
    const { modal, router } = make()
    expect(() => router.navigate('sms/code')).toThrow(/Unknown screen "sms\/code"/)
    expect(() => router.open('nope')).toThrowError(expect.objectContaining({ code: 'unknown_screen' }))
    expect(modal.open).toBe(false)
  })
})
