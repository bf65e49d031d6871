/**
 * The Login Widget's redirect return (its `data-auth-url` sends the browser back with the user in
 * the query string) and a Mini App's `initData`, turned into the contract's payloads.
 * @module
 */

/** The query parameters the widget's redirect adds, removed from the address after a return (spec §2). */
export const TELEGRAM_QUERY_PARAMS = ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url'] as const

/** A Login Widget result (`telegram_auth_result`): what `Telegram.Login.auth` hands its callback. */
export interface TelegramAuthResultData {
  id: number
  first_name: string
  auth_date: number
  hash: string
  last_name?: string
  username?: string
  photo_url?: string
}

/** A Mini App's `initData`, field by field (`telegram_web_app_data`); `user` stays the JSON text. */
export interface TelegramWebAppFields {
  auth_date: string
  hash: string
  user: string
  [field: string]: string
}

/**
 * Reads a widget return from a URL: `id`, `hash` and `auth_date` are required.
 * @param href - the page address.
 * @returns the auth result, or null when the URL is not a Telegram return.
 * @example
 * ```ts
 * readTelegramReturn('https://app.example/?id=42&first_name=Ada&auth_date=1700000000&hash=ab…')
 * // { id: 42, first_name: 'Ada', auth_date: 1700000000, hash: 'ab…' }
 * ```
 */
export function readTelegramReturn(href: string): TelegramAuthResultData | null {
  const q = new URL(href).searchParams
  const id = q.get('id')
  const hash = q.get('hash')
  const authDate = q.get('auth_date')
  if (!id || !hash || !authDate || !/^\d+$/.test(id) || !/^\d+$/.test(authDate) || !/^[0-9a-f]{64}$/i.test(hash)) return null
  const result: TelegramAuthResultData = { id: Number(id), first_name: q.get('first_name') ?? '', auth_date: Number(authDate), hash }
  for (const key of ['last_name', 'username', 'photo_url'] as const) {
    const value = q.get(key)
    if (value !== null) result[key] = value
  }
  return result
}

/**
 * Removes the widget's return parameters from a URL (the rest of the query and the hash stay).
 * @param href - the page address.
 * @returns the address without them.
 * @example
 * ```ts
 * stripTelegramParams('https://app.example/?app=x&id=42&hash=ab') // 'https://app.example/?app=x'
 * ```
 */
export function stripTelegramParams(href: string): string {
  const url = new URL(href)
  for (const key of TELEGRAM_QUERY_PARAMS) url.searchParams.delete(key)
  return url.toString()
}

/**
 * Splits a Mini App's `initData` query string into the contract's `telegram_web_app_data` fields,
 * decoded as Telegram signed them (`user` stays its JSON text, exactly as received).
 * @param initData - `window.Telegram.WebApp.initData`.
 * @returns the fields, or null when `hash`, `auth_date` or `user` is missing.
 * @example
 * ```ts
 * parseInitData('user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=ab…')
 * // { user: '{"id":42}', auth_date: '1700000000', hash: 'ab…' }
 * ```
 */
export function parseInitData(initData: string): TelegramWebAppFields | null {
  const fields: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(initData)) fields[key] = value
  if (!fields.hash || !fields.auth_date || !fields.user) return null
  return fields as TelegramWebAppFields
}
