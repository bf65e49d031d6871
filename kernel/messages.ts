/**
 * Message tables: every text a user sees, keyed by a code, so other locales can be added later
 * without touching a screen.
 * @module
 */

/** Texts keyed by message key; `{name}` marks a placeholder. */
export type MessageTable = Readonly<Record<string, string>>

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
