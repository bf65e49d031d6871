/**
 * Languages: which locales ship, how a host's choice (or the browser's) is matched to one, and how a
 * locale's texts are loaded lazily, per folder, from `<folder>/locales/<locale>.ts`. English is the
 * message tables themselves; a locale only adds a layer over them, so a key a locale lacks shows in
 * English.
 * @module
 */
import type { MessageKey, MessageTable } from './messages'

/**
 * The locales whose texts ship with the widget and its first-party plugins (English first). A host
 * may name another BCP 47 tag: its texts then come from the host's overrides and from plugins that
 * ship that locale, and fall back to English.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar'] as const

/** One of {@link SUPPORTED_LOCALES}. */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]

/** The locale of the message tables themselves. */
export const DEFAULT_LOCALE = 'en'

/**
 * What a folder's locale loader returns: the module `<folder>/locales/<locale>.ts`, whose default
 * export is a table of the folder's keys.
 */
export interface LocaleModule {
  default: MessageTable
}

/**
 * Loads one locale's texts of a folder (a plugin, the kernel, the UI), written where the files are so
 * bundlers split one chunk per file: `(locale) => import(\`./locales/${locale}.ts\`)`. It may reject
 * (no file for that locale): the folder's texts then stay English.
 */
export type LocaleLoader = (locale: string) => Promise<LocaleModule>

/**
 * Texts a host puts over everyone's, per locale then per key: `{ fr: { EMAIL_SUBMIT: 'Recevoir le code' } }`.
 * The `en` table also stands for every locale's fallback (a key a locale lacks shows its `en` override).
 * Keys are {@link MessageKey}s: a misspelt one is a type error.
 */
export type MessageOverrides = Readonly<Record<string, Readonly<Partial<Record<MessageKey, string>>>>>

/** A locale tag as a loader may receive it: letters and digits in hyphen-separated parts, nothing that walks a path. */
const TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i

// Traditional Chinese scripts and regions, which Simplified Chinese does not serve.
const HANT = /^zh-(?:hant|tw|hk|mo)\b/i

function canonical(tag: string): string | null {
  if (!TAG.test(tag)) return null
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null
  }
}

/**
 * Matches wanted locales (most wanted first, as `navigator.languages` lists them) to the supported
 * ones: a tag itself, else a supported locale of the same language (`fr-CA` → `fr`, `pt-BR` → `pt`,
 * `zh-Hans-SG` → `zh-CN`; Traditional Chinese tags do not match `zh-CN`).
 * @param wanted - BCP 47 tags.
 * @param supported - the locales to choose from. @defaultValue {@link SUPPORTED_LOCALES}
 * @returns the first match, or null when none matches.
 * @example
 * ```ts
 * import { matchLocale } from 'portico/kernel'
 * matchLocale(['fr-CA', 'en']) // 'fr'
 * matchLocale(['nl']) // null
 * ```
 */
export function matchLocale(wanted: readonly string[], supported: readonly string[] = SUPPORTED_LOCALES): string | null {
  const tags = wanted.map(canonical).filter((t): t is string => t !== null)
  const lower = supported.map((s) => s.toLowerCase())
  for (const tag of tags) {
    const exact = lower.indexOf(tag.toLowerCase())
    if (exact >= 0) return supported[exact]!
    const language = tag.split('-')[0]!.toLowerCase()
    if (language === 'zh' && HANT.test(tag)) continue
    const same = lower.findIndex((s) => s.split('-')[0] === language)
    if (same >= 0) return supported[same]!
  }
  return null
}

/**
 * The locale a kernel shows: the host's tag (`'fr'`, `'pt-BR'` → `'pt'`; a tag no first-party locale
 * matches is kept as it is, for the host's overrides and plugins that ship it), or with `'auto'` the
 * browser's languages matched to {@link SUPPORTED_LOCALES}, else English.
 * @param requested - a BCP 47 tag, `'auto'`, or nothing.
 * @param browser - the browser's languages. @defaultValue `navigator.languages` when there is a navigator
 * @returns the locale tag.
 * @example
 * ```ts
 * import { resolveLocale } from 'portico/kernel'
 * resolveLocale('auto', ['de-AT', 'en']) // 'de'
 * resolveLocale('fr-CA') // 'fr'
 * resolveLocale(undefined) // 'en'
 * ```
 */
export function resolveLocale(requested: string | undefined, browser: readonly string[] = browserLanguages()): string {
  if (requested === undefined) return DEFAULT_LOCALE
  if (requested === 'auto') return matchLocale(browser) ?? DEFAULT_LOCALE
  return matchLocale([requested]) ?? canonical(requested) ?? DEFAULT_LOCALE
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : []
}

// Languages written right to left (their scripts' default direction).
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb'])

/**
 * The writing direction of a locale, for the `dir` attribute of what shows its texts.
 * @param locale - a BCP 47 tag.
 * @returns 'rtl' for Arabic, Hebrew, Persian, Urdu and the like, else 'ltr'.
 * @example
 * ```ts
 * import { textDirection } from 'portico/kernel'
 * textDirection('ar') // 'rtl'
 * ```
 */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RTL.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr'
}

/**
 * Loads a locale's texts from every loader and merges them in order (later loaders re-word earlier
 * ones' keys, as plugins may re-word kernel texts). A loader that rejects (no file for the locale, a
 * lost chunk) adds nothing, so its texts stay English.
 * @param locale - the locale tag (checked: a tag that is not a plain BCP 47 tag loads nothing).
 * @param loaders - the loaders, kernel first then plugins in setup order.
 * @returns the merged texts of the locale.
 * @example
 * ```ts
 * import { loadLocaleTexts } from 'portico/kernel'
 * const texts = await loadLocaleTexts('fr', [(l) => import(`./locales/${l}.ts`)])
 * ```
 */
export async function loadLocaleTexts(locale: string, loaders: readonly LocaleLoader[]): Promise<Record<string, string>> {
  const texts: Record<string, string> = {}
  if (locale === DEFAULT_LOCALE || !TAG.test(locale)) return texts
  // A bundler's loader may throw at once rather than reject (esbuild's for a file it has not bundled).
  const tables = await Promise.allSettled(loaders.map(async (load) => load(locale)))
  for (const t of tables) {
    if (t.status !== 'fulfilled') continue
    for (const [key, text] of Object.entries(t.value?.default ?? {})) if (typeof text === 'string') texts[key] = text
  }
  return texts
}

const PLACEHOLDER = /\{(\w+)\}/g

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort()
}

/**
 * Checks a locale's table against the English one it translates: the same keys (none missing,
 * none extra), every text a non-empty string with the same `{placeholder}` set as the English text.
 * A plugin's test runs it over each of its `locales/<locale>.ts` files.
 * @param english - the English table (a plugin's `messages` and `screenMessages` together).
 * @param translated - the locale file's default export.
 * @returns the problems found, one line each; empty when the table is complete.
 * @example
 * ```ts
 * import { checkLocaleTable } from 'portico/kernel'
 * checkLocaleTable({ HI: 'Hi {name}' }, { HI: 'Salut {nom}' }) // ['HI: placeholders {nom}, English has {name}']
 * ```
 */
export function checkLocaleTable(english: MessageTable, translated: unknown): string[] {
  if (typeof translated !== 'object' || translated === null || Array.isArray(translated)) return ['the default export is not a table of texts']
  const table = translated as Record<string, unknown>
  const problems: string[] = []
  for (const key of Object.keys(english)) if (!Object.hasOwn(table, key)) problems.push(`${key}: missing`)
  for (const [key, text] of Object.entries(table)) {
    const source = Object.hasOwn(english, key) ? english[key] : undefined
    if (source === undefined) problems.push(`${key}: not an English key`)
    else if (typeof text !== 'string' || text.trim() === '') problems.push(`${key}: not a text`)
    else {
      const mine = placeholders(text).map((p) => `{${p}}`).join(' ') || 'none'
      const theirs = placeholders(source).map((p) => `{${p}}`).join(' ') || 'none'
      if (mine !== theirs) problems.push(`${key}: placeholders ${mine}, English has ${theirs}`)
    }
  }
  return problems
}

/**
 * The kernel's own locale loader (`kernel/locales/<locale>.ts`).
 * @internal
 */
export const kernelLocale: LocaleLoader = (locale) => import(`./locales/${locale}.ts`) as Promise<LocaleModule>
