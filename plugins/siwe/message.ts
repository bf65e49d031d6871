/**
 * EIP-4361 (Sign-In With Ethereum) messages: a builder for the client and a strict parser for the
 * server. Pure functions with no SDK behind them, so the browser's initial bundle stays small.
 * @module
 */

/** The statement every Portico sign-in message carries (the contract's fixed text). */
export const SIWE_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'

/** The resource listed under `Resources:` in every sign-in message (part of the wire format). */
export const SIWE_RESOURCE = 'https://privy.io'

/** The fields of an EIP-4361 message. */
export interface SiweMessageFields {
  /** The host (with port, when not the default) asking for the signature: `location.host`. */
  domain: string
  /** The 0x address that signs, EIP-55 checksummed as the server answered it. */
  address: string
  /** A human-readable line; no line breaks. Absent in messages without one. */
  statement?: string
  /** The page asking for the signature (`location.origin`). */
  uri: string
  /** Always `'1'`. */
  version: '1'
  /** The numeric EIP-155 chain id (`1` for mainnet). */
  chainId: number
  /** The server's nonce: at least 8 alphanumerics. */
  nonce: string
  /** When the message was made. */
  issuedAt: Date
  /** The message is not valid after this time. */
  expirationTime?: Date
  /** The message is not valid before this time. */
  notBefore?: Date
  /** An id the app may use to refer to the sign-in. */
  requestId?: string
  /** URIs the user is also authorising; each on its own `- ` line. */
  resources?: string[]
}

/** A message could not be parsed; `message` says which line is wrong. */
export class SiweParseError extends Error {
  override name = 'SiweParseError'
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const NONCE = /^[A-Za-z0-9]{8,}$/
// RFC 3339 date-time, as EIP-4361 asks (fractional seconds and an offset allowed).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
// EIP-4361 `domain` is an RFC 3986 authority: no scheme, path, spaces or line breaks.
const DOMAIN = /^[^\s/?#]+$/
// An RFC 3986 URI needs a scheme; anything with whitespace cannot be one.
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/

function iso(d: Date, field: string): string {
  if (Number.isNaN(d.getTime())) throw new SiweParseError(`${field} is not a valid date.`)
  return d.toISOString()
}

/**
 * Builds the text of an EIP-4361 message, line for line as the standard orders it.
 * @param fields - the message fields; dates are written as ISO 8601 UTC strings.
 * @returns the message to sign.
 * @throws SiweParseError when a field could not be parsed back (a line break in the statement,
 *   a malformed address or nonce...), so a client never asks a wallet to sign something the server refuses.
 * @example
 * ```ts
 * import { createSiweMessage, SIWE_STATEMENT, SIWE_RESOURCE } from 'portico/plugins/siwe'
 * const text = createSiweMessage({
 *   domain: location.host, address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', statement: SIWE_STATEMENT,
 *   uri: location.origin, version: '1', chainId: 1, nonce: 'a1b2c3d4e5f6', issuedAt: new Date(),
 *   resources: [SIWE_RESOURCE],
 * })
 * ```
 */
export function createSiweMessage(fields: SiweMessageFields): string {
  check(fields)
  const lines = [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    fields.address,
    '',
    ...(fields.statement !== undefined ? [fields.statement, ''] : ['']),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${iso(fields.issuedAt, 'Issued At')}`,
  ]
  if (fields.expirationTime) lines.push(`Expiration Time: ${iso(fields.expirationTime, 'Expiration Time')}`)
  if (fields.notBefore) lines.push(`Not Before: ${iso(fields.notBefore, 'Not Before')}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

function check(f: SiweMessageFields): void {
  if (!DOMAIN.test(f.domain)) throw new SiweParseError('The domain must be a host such as example.com:3000.')
  if (!ADDRESS.test(f.address)) throw new SiweParseError('The address must be 0x followed by 40 hex digits.')
  if (f.statement !== undefined && /[\r\n]/.test(f.statement)) {
    throw new SiweParseError('The statement cannot contain line breaks.')
  }
  if (!URI.test(f.uri)) throw new SiweParseError('The URI must be an absolute URI.')
  if (f.version !== '1') throw new SiweParseError('The version must be 1.')
  if (!Number.isSafeInteger(f.chainId) || f.chainId < 1) throw new SiweParseError('The chain id must be a positive integer.')
  if (!NONCE.test(f.nonce)) throw new SiweParseError('The nonce must be at least 8 letters or digits.')
  if (f.requestId !== undefined && /[\r\n]/.test(f.requestId)) {
    throw new SiweParseError('The request id cannot contain line breaks.')
  }
  for (const r of f.resources ?? []) if (!URI.test(r)) throw new SiweParseError(`Resource ${r} is not a URI.`)
}

function date(value: string, field: string): Date {
  const d = new Date(value)
  if (!DATE_TIME.test(value) || Number.isNaN(d.getTime())) throw new SiweParseError(`${field} is not an RFC 3339 date.`)
  return d
}

/**
 * Parses an EIP-4361 message strictly: every line in the standard's order, no unknown lines, no
 * trailing text. The server verifies what it parses; a lenient parser would let a signed text mean
 * something other than what the wallet showed.
 * @param text - the signed message.
 * @returns its fields.
 * @throws SiweParseError naming the first line that is wrong.
 * @example
 * ```ts
 * import { parseSiweMessage } from 'portico/plugins/siwe'
 * const { address, nonce, chainId } = parseSiweMessage(text)
 * ```
 */
export function parseSiweMessage(text: string): SiweMessageFields {
  const lines = text.split('\n')
  let i = 0
  const next = (): string | undefined => lines[i++]
  const field = (name: string, pattern: RegExp = /^.+$/): string => {
    const line = next()
    const prefix = `${name}: `
    if (line === undefined || !line.startsWith(prefix)) throw new SiweParseError(`Expected "${prefix}" on line ${i}.`)
    const value = line.slice(prefix.length)
    if (!pattern.test(value)) throw new SiweParseError(`${name} is malformed.`)
    return value
  }

  const header = next() ?? ''
  const suffix = ' wants you to sign in with your Ethereum account:'
  if (!header.endsWith(suffix)) throw new SiweParseError('The first line is not a sign-in request.')
  let domain = header.slice(0, -suffix.length)
  // EIP-4361 allows an optional `scheme://` before the domain; only the authority is compared.
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(domain)
  if (scheme) domain = domain.slice(scheme[0].length)
  if (!DOMAIN.test(domain)) throw new SiweParseError('The domain is malformed.')

  const address = next() ?? ''
  if (!ADDRESS.test(address)) throw new SiweParseError('The address is malformed.')
  if (next() !== '') throw new SiweParseError('Expected an empty line after the address.')

  let statement: string | undefined
  const afterAddress = lines[i]
  if (afterAddress === '') {
    i++
  } else if (afterAddress !== undefined && !afterAddress.startsWith('URI: ')) {
    statement = afterAddress
    i++
    if (next() !== '') throw new SiweParseError('Expected an empty line after the statement.')
  } else {
    throw new SiweParseError('Expected an empty line before the URI.')
  }

  const uri = field('URI', URI)
  const version = field('Version')
  if (version !== '1') throw new SiweParseError('Version must be 1.')
  const chainIdText = field('Chain ID', /^[1-9]\d{0,15}$/)
  const chainId = Number(chainIdText)
  if (!Number.isSafeInteger(chainId)) throw new SiweParseError('Chain ID is out of range.')
  const nonce = field('Nonce', NONCE)
  const issuedAt = date(field('Issued At'), 'Issued At')

  const out: SiweMessageFields = { domain, address, uri, version: '1', chainId, nonce, issuedAt }
  if (statement !== undefined) out.statement = statement
  if (lines[i]?.startsWith('Expiration Time: ')) out.expirationTime = date(field('Expiration Time'), 'Expiration Time')
  if (lines[i]?.startsWith('Not Before: ')) out.notBefore = date(field('Not Before'), 'Not Before')
  if (lines[i]?.startsWith('Request ID: ')) out.requestId = field('Request ID', /^[^\r]*$/)
  if (lines[i] === 'Resources:') {
    i++
    const resources: string[] = []
    while (i < lines.length) {
      const line = next()!
      if (!line.startsWith('- ') || !URI.test(line.slice(2))) throw new SiweParseError(`Resource on line ${i} is malformed.`)
      resources.push(line.slice(2))
    }
    out.resources = resources
  }
  if (i < lines.length) throw new SiweParseError(`Unexpected text on line ${i + 1}.`)
  return out
}
