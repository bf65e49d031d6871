/**
 * How the sign-request screen shows what is signed: a `personal_sign` message as text when its
 * bytes are readable UTF-8, else as hex; EIP-712 typed data as its domain, primary type and message
 * fields, nested and labelled.
 * @module
 */

/**
 * The text of a `personal_sign` message: hex (`0x…`) is decoded as UTF-8 when it decodes to
 * printable text (letters, punctuation, spaces, tabs and line breaks); other hex stays hex. A
 * message that is not hex is shown as it is.
 * @param message - the message param.
 * @returns the text to show, and whether it is hex.
 * @example
 * ```ts
 * personalMessageText('0x48656c6c6f') // { text: 'Hello', hex: false }
 * personalMessageText('0xdeadbeef') // { text: '0xdeadbeef', hex: true }
 * ```
 */
export function personalMessageText(message: string): { text: string; hex: boolean } {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return { text: message, hex: false }
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { text: message, hex: true }
  }
  return text.length > 0 && isPrintable(text) ? { text, hex: false } : { text: message, hex: true }
}

/**
 * Whether a text holds only printable characters, spaces, tabs and line breaks: no other control
 * character, unpaired surrogate or unassigned code point, and no bidirectional override or isolate
 * (which could make the shown text read differently from what is signed).
 */
function isPrintable(text: string): boolean {
  return !/\p{Cc}|\p{Cs}|\p{Cn}|[\u202A-\u202E\u2066-\u2069]/u.test(text.replace(/[\t\n\r]/g, ''))
}

/** One labelled value of the typed data, or a group of them (a struct or an array). */
export type TypedDataField = { label: string; value: string } | { label: string; fields: TypedDataField[] }

/** Typed data, as the screen lists it. */
export interface ReadableTypedData {
  /** The domain's name, version, chain id and verifying contract (those present), and its salt. */
  domain: { label: 'name' | 'version' | 'chainId' | 'verifyingContract' | 'salt'; value: string }[]
  primaryType: string
  /** The message's fields, nested as the message nests them. */
  message: TypedDataField[]
}

const DOMAIN_KEYS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const

/**
 * Reads `eth_signTypedData_v4` typed data for display.
 * @param input - the typed data, as an object or as its JSON text.
 * @returns the readable form, or null when it is not typed data (no object `message`).
 * @example
 * ```ts
 * readTypedData({ domain: { name: 'Mail', chainId: 1 }, primaryType: 'Mail', types: {}, message: { to: { name: 'Bob' } } })
 * // { domain: [{ label: 'name', value: 'Mail' }, { label: 'chainId', value: '1' }], primaryType: 'Mail',
 * //   message: [{ label: 'to', fields: [{ label: 'name', value: 'Bob' }] }] }
 * ```
 */
export function readTypedData(input: unknown): ReadableTypedData | null {
  let data = input
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown
    } catch {
      return null
    }
  }
  if (!isRecord(data) || !isRecord(data.message)) return null
  const domainIn = isRecord(data.domain) ? data.domain : {}
  const domain: ReadableTypedData['domain'] = []
  for (const label of DOMAIN_KEYS) {
    const value = domainIn[label]
    if (value !== undefined && value !== null) domain.push({ label, value: scalarText(value) })
  }
  return {
    domain,
    primaryType: typeof data.primaryType === 'string' ? data.primaryType : '',
    message: fieldsOf(data.message),
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fieldsOf(value: Record<string, unknown> | unknown[]): TypedDataField[] {
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`#${i + 1}`, v]) : Object.entries(value)
  return entries.map(([label, v]) => (isRecord(v) || Array.isArray(v) ? { label, fields: fieldsOf(v) } : { label, value: scalarText(v) }))
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  if (value === null || value === undefined) return ''
  return JSON.stringify(value)
}
