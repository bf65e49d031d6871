/**
 * Message tables: every text a user sees, keyed by a code, so other locales can be added later
 * without touching a screen.
 * @module
 */

/** Texts keyed by message key; `{name}` marks a placeholder. */
export type MessageTable = Readonly<Record<string, string>>

/**
 * Every message key known to the type checker: one property per key, `true` as its value. Empty
 * here; each English table adds its keys by declaration merging, so `t('EMAIL_SUMBIT')` (a typo) is
 * a type error wherever the table's module is part of the program.
 * @example
 * ```ts
 * // A plugin of your own, beside its table (first-party files augment '../../kernel/messages'):
 * import { defineMessages } from 'portico/kernel'
 * export const magicLinkMessages = defineMessages({ MAGIC_LINK_SENT: 'Check your inbox' })
 * declare module 'portico/kernel' {
 *   interface MessageKeys extends Record<keyof typeof magicLinkMessages, true> {}
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MessageKeys {}

/** A key of a registered English table (see {@link MessageKeys}). */
export type MessageKey = keyof MessageKeys & string

/** Values of a text's `{name}` placeholders. */
export type MessageValues = Record<string, string | number>

/**
 * Translates a message key in the current locale, filling its `{name}` placeholders: the type of
 * `ctx.t` and `kernel.t`, for helpers that are handed one.
 */
export type Translate = (key: MessageKey, values?: MessageValues) => string

/**
 * A text given by reference, where one is handed over as data (a login method's or a funding tile's
 * label): a message key; a key with its placeholder values (`Continue with {provider}` for a provider
 * the app names); or a text as it is (`{ text }`), for a name the host gives in its own language.
 */
export type MessageRef = MessageKey | { readonly key: MessageKey; readonly values: MessageValues } | { readonly text: string }

/**
 * The text a {@link MessageRef} stands for, in the current locale.
 * @param t - the translator (`ctx.t`, `kernel.t`).
 * @param ref - the reference.
 * @returns the text.
 * @example
 * ```ts
 * textOf(ctx.t, { key: 'OAUTH_METHOD_LABEL', values: { provider: 'Acme' } }) // 'Continue with Acme'
 * ```
 */
export function textOf(t: Translate, ref: MessageRef): string {
  if (typeof ref === 'string') return t(ref)
  return 'text' in ref ? ref.text : t(ref.key, ref.values)
}

/**
 * Declares an English message table. Identity helper keeping literal keys.
 * @param table - texts keyed by message key.
 * @returns the same table.
 * @example
 * ```ts
 * export const en = defineMessages({ EMAIL_INVALID_CODE: 'Invalid or expired verification code' })
 * ```
 */
export function defineMessages<const T extends Record<string, string>>(table: T): T {
  return table
}

/**
 * Fills `{name}` placeholders.
 * @param text - the message text.
 * @param values - placeholder values.
 * @returns the text with placeholders replaced (unknown ones are left as they are).
 * @example
 * ```ts
 * format('Welcome to {app}', { app: 'Demo' }) // 'Welcome to Demo'
 * ```
 */
export function format(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
