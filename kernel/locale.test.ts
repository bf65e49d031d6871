import { afterEach, describe, expect, it } from 'vitest'
import { createPortico } from './kernel'
import { definePlugin } from './plugin'
import { createMemoryStorage } from './storage'
import { loadLocaleTexts, matchLocale, resolveLocale, textDirection, type LocaleLoader } from './locale'
import type { Kernel, PorticoOptions } from './types'

const kernels: Kernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.destroy()))

/** A plugin with two English texts and a French file that translates one of them. */
function greeter(requested: string[] = []) {
  const locales: LocaleLoader = async (locale) => {
    requested.push(locale)
    if (locale !== 'fr') throw new Error(`no ${locale} file`)
    return { default: { GREETER_HELLO: 'Bonjour {name}' } }
  }
  return definePlugin({
    id: 'greeter',
    kind: 'feature',
    screens: { hello: { load: async () => ({ default: () => null }) } },
    messages: { GREETER_HELLO: 'Hello {name}', GREETER_BYE: 'Goodbye' },
    locales,
  })
}

function kernel(options: Partial<PorticoOptions>) {
  const k = createPortico({ appId: 'a'.repeat(25), storage: createMemoryStorage(), plugins: [greeter()], ...options })
  kernels.push(k)
  return k
}

describe('matching a wanted locale', () => {
  it('takes the tag itself, else a supported locale of the same language', () => {
    expect(matchLocale(['fr'])).toBe('fr')
    expect(matchLocale(['fr-CA'])).toBe('fr')
    expect(matchLocale(['pt-BR'])).toBe('pt')
    expect(matchLocale(['zh-cn'])).toBe('zh-CN')
    expect(matchLocale(['zh-Hans-SG'])).toBe('zh-CN')
  })

  it('goes down the list to the first language it has, and never serves Traditional Chinese with Simplified', () => {
    expect(matchLocale(['nl', 'de-AT', 'en'])).toBe('de')
    expect(matchLocale(['zh-TW'])).toBeNull()
    expect(matchLocale(['zh-Hant'])).toBeNull()
    expect(matchLocale(['nl'])).toBeNull()
  })

  it('ignores tags that are not locale tags', () => {
    expect(matchLocale(['../../etc', 'x'])).toBeNull()
    expect(resolveLocale('../fr')).toBe('en')
  })

  it("follows the browser with 'auto' and keeps a host's tag that no first-party locale has", () => {
    expect(resolveLocale('auto', ['es-MX', 'en'])).toBe('es')
    expect(resolveLocale('auto', ['nl'])).toBe('en')
    expect(resolveLocale('nl-BE')).toBe('nl-BE')
    expect(resolveLocale(undefined)).toBe('en')
  })

  it('writes Arabic right to left and the others left to right', () => {
    expect(textDirection('ar')).toBe('rtl')
    expect(textDirection('ar-EG')).toBe('rtl')
    expect(textDirection('fr')).toBe('ltr')
  })
})

describe('loading a locale', () => {
  it('loads nothing for English and for a tag that could walk a path', async () => {
    const calls: string[] = []
    const loader: LocaleLoader = async (l) => (calls.push(l), { default: {} })
    await loadLocaleTexts('en', [loader])
    await loadLocaleTexts('../x', [loader])
    expect(calls).toEqual([])
  })

  it('merges the loaders in order and skips the ones without a file', async () => {
    const texts = await loadLocaleTexts('fr', [
      async () => ({ default: { A: 'a1', B: 'b1' } }),
      async () => Promise.reject(new Error('no file')),
      () => {
        throw new Error('Module not found in bundle: ./locales/fr.ts')
      },
      async () => ({ default: { B: 'b2' } }),
    ])
    expect(texts).toEqual({ A: 'a1', B: 'b2' })
  })
})

describe('a kernel in a locale', () => {
  it('shows English until a locale is chosen, and asks no plugin for a file', () => {
    const requested: string[] = []
    const k = createPortico({ appId: 'a'.repeat(25), storage: createMemoryStorage(), plugins: [greeter(requested)] })
    kernels.push(k)
    expect(k.t('GREETER_HELLO', { name: 'Ada' })).toBe('Hello Ada')
    expect(k.state.locale).toEqual({ tag: 'en', dir: 'ltr' })
    expect(requested).toEqual([])
  })

  it('translates from the locale file and falls back to English for a key the file lacks', async () => {
    const k = kernel({ locale: 'fr-FR' })
    await k.setLocale('fr-FR')
    expect(k.state.locale).toEqual({ tag: 'fr', dir: 'ltr' })
    expect(k.t('GREETER_HELLO', { name: 'Ada' })).toBe('Bonjour Ada')
    expect(k.t('GREETER_BYE')).toBe('Goodbye')
  })

  it("puts the host's texts for the locale over the file, and its English texts over English only", async () => {
    const k = kernel({
      locale: 'fr',
      messages: { fr: { GREETER_BYE: 'Au revoir' }, en: { GREETER_BYE: 'See you', GREETER_HELLO: 'Hi {name}' } },
    })
    await k.setLocale('fr')
    expect(k.t('GREETER_BYE')).toBe('Au revoir')
    expect(k.t('GREETER_HELLO', { name: 'Ada' })).toBe('Bonjour Ada')
    await k.setLocale('en')
    expect(k.t('GREETER_BYE')).toBe('See you')
    expect(k.t('GREETER_HELLO', { name: 'Ada' })).toBe('Hi Ada')
  })

  it('keeps English texts for a plugin without a file in the locale, sets the direction and isolates values', async () => {
    const k = kernel({})
    await k.setLocale('ar')
    expect(k.state.locale).toEqual({ tag: 'ar', dir: 'rtl' })
    // Values are isolated in a right-to-left locale, so an address keeps its own direction.
    expect(k.t('GREETER_HELLO', { name: 'ada-1@example.com' })).toBe('Hello \u2068ada-1@example.com\u2069')
    expect(k.t('GREETER_BYE')).toBe('Goodbye')
  })

  it('makes a screen wait for the locale being loaded', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const plugin = definePlugin({
      id: 'slow',
      kind: 'feature',
      screens: { one: { load: async () => ({ default: () => null }) } },
      messages: { SLOW_TEXT: 'Slow' },
      locales: async () => (await gate, { default: { SLOW_TEXT: 'Lent' } }),
    })
    const k = createPortico({ appId: 'a'.repeat(25), storage: createMemoryStorage(), plugins: [plugin], locale: 'fr' })
    kernels.push(k)
    let loaded = false
    const screen = k.screen('slow/one')!.load().then(() => (loaded = true))
    await new Promise((r) => setTimeout(r, 0))
    expect(loaded).toBe(false)
    release()
    await screen
    expect(k.t('SLOW_TEXT')).toBe('Lent')
  })

  it('keeps the last locale asked for when two loads race', async () => {
    const k = kernel({})
    const first = k.setLocale('fr')
    const second = k.setLocale('en')
    await Promise.all([first, second])
    expect(k.state.locale.tag).toBe('en')
    expect(k.t('GREETER_HELLO', { name: 'Ada' })).toBe('Hello Ada')
  })
})
