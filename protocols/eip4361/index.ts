/**
 * `portico/protocols/eip4361`: sign-in messages in the EIP-4361 layout, for every chain that uses it
 * (Sign-In With Ethereum, and Sign-In With Solana, which keeps the layout with its own header line).
 * One builder and one strict parser, parameterised by a {@link SignInChain}. Pure functions with no
 * SDK behind them: the browser half builds, the server half parses, and both stay small.
 * @module
 */

/** What differs between chains: the header's name, and what an address and a chain id look like. */
export interface SignInChain {
  /** The chain's name in the header line, `<domain> wants you to sign in with your <name> account:`. */
  name: string
  /** A valid address on this chain (EIP-55 hex for Ethereum, base58 for Solana). */
  address: RegExp
  /** A valid `Chain ID:` value (`1` for Ethereum mainnet, `mainnet` for Solana). */
  chainId: RegExp
  /**
   * Whether a message without a statement may have one empty line between the address and the URI
   * instead of EIP-4361's two (the Solana wallet standard's `signIn` writes it so). @defaultValue false
   */
  compactWithoutStatement?: boolean
}

/** The fields of a sign-in message, as the text carries them (times are RFC 3339 strings). */
export interface SignInMessageFields {
  /** The host (with port, when not the default) asking for the signature: `location.host`. */
  domain: string
  /** The address that signs. */
  address: string
  /** A human-readable line; no line breaks. Absent in messages without one. */
  statement?: string
  /** The page asking for the signature (`location.origin`). */
  uri: string
  /** Always `'1'`. */
  version: '1'
  /** The chain, as the chain's {@link SignInChain.chainId} allows. */
  chainId: string
  /** The server's nonce: at least 8 letters or digits. */
  nonce: string
  /** When the message was made (RFC 3339). */
  issuedAt: string
  /** The message is not valid after this time (RFC 3339). */
  expirationTime?: string
  /** The message is not valid before this time (RFC 3339). */
  notBefore?: string
  /** An id the app may use to refer to the sign-in. */
  requestId?: string
  /** URIs the user is also authorising; each on its own `- ` line. */
  resources?: string[]
}

/** A message could not be built or parsed; `message` says which field or line is wrong. */
export class SignInMessageError extends Error {
  override name = 'SignInMessageError'
}

const NONCE = /^[A-Za-z0-9]{8,}$/
// RFC 3339 date-time, as EIP-4361 asks (fractional seconds and an offset allowed).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
// EIP-4361 `domain` is an RFC 3986 authority: no scheme, path, spaces or line breaks.
const DOMAIN = /^[^\s/?#]+$/
// An RFC 3986 URI needs a scheme; anything with whitespace cannot be one.
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/

const header = (chain: SignInChain) => ` wants you to sign in with your ${chain.name} account:`

function checkDate(value: string, field: string): void {
  if (!DATE_TIME.test(value) || Number.isNaN(new Date(value).getTime())) {
    throw new SignInMessageError(`${field} is not an RFC 3339 date.`)
  }
}

function check(chain: SignInChain, f: SignInMessageFields): void {
  if (!DOMAIN.test(f.domain)) throw new SignInMessageError('The domain must be a host such as example.com:3000.')
  if (!chain.address.test(f.address)) throw new SignInMessageError(`The address is not a valid ${chain.name} address.`)
  if (f.statement !== undefined && /[\r\n]/.test(f.statement)) {
    throw new SignInMessageError('The statement cannot contain line breaks.')
  }
  if (!URI.test(f.uri)) throw new SignInMessageError('The URI must be an absolute URI.')
  if (f.version !== '1') throw new SignInMessageError('The version must be 1.')
  if (!chain.chainId.test(f.chainId)) throw new SignInMessageError(`The chain id is not a valid ${chain.name} chain id.`)
  if (!NONCE.test(f.nonce)) throw new SignInMessageError('The nonce must be at least 8 letters or digits.')
  checkDate(f.issuedAt, 'Issued At')
  if (f.expirationTime !== undefined) checkDate(f.expirationTime, 'Expiration Time')
  if (f.notBefore !== undefined) checkDate(f.notBefore, 'Not Before')
  if (f.requestId !== undefined && /[\r\n]/.test(f.requestId)) {
    throw new SignInMessageError('The request id cannot contain line breaks.')
  }
  for (const r of f.resources ?? []) if (!URI.test(r)) throw new SignInMessageError(`Resource ${r} is not a URI.`)
}

/**
 * Builds the text of a sign-in message, line for line as EIP-4361 orders it.
 * @param chain - the chain (header name, address and chain id shapes).
 * @param fields - the message fields.
 * @returns the message to sign, lines joined with '\n'.
 * @throws SignInMessageError when a field could not be parsed back (a line break in the statement, a
 *   malformed address or nonce...), so a client never asks a wallet to sign something the server refuses.
 * @example
 * ```ts
 * import { buildSignInMessage } from 'portico/protocols/eip4361'
 * const ethereum = { name: 'Ethereum', address: /^0x[0-9a-fA-F]{40}$/, chainId: /^[1-9]\d{0,15}$/ }
 * const text = buildSignInMessage(ethereum, {
 *   domain: location.host, address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', uri: location.origin,
 *   version: '1', chainId: '1', nonce: 'a1b2c3d4e5f6', issuedAt: new Date().toISOString(),
 * })
 * ```
 */
export function buildSignInMessage(chain: SignInChain, fields: SignInMessageFields): string {
  check(chain, fields)
  const lines = [
    `${fields.domain}${header(chain)}`,
    fields.address,
    '',
    ...(fields.statement !== undefined ? [fields.statement, ''] : ['']),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ]
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/**
 * Parses a sign-in message strictly: every line in the standard's order, no unknown lines, no
 * trailing text. The server verifies what it parses; a lenient parser would let a signed text mean
 * something other than what the wallet showed.
 * @param chain - the chain the message must name in its header.
 * @param text - the signed message.
 * @returns its fields.
 * @throws SignInMessageError naming the first line that is wrong.
 * @example
 * ```ts
 * import { parseSignInMessage } from 'portico/protocols/eip4361'
 * const { address, nonce, chainId } = parseSignInMessage(ethereum, text)
 * ```
 */
export function parseSignInMessage(chain: SignInChain, text: string): SignInMessageFields {
  const lines = text.split('\n')
  let i = 0
  const next = (): string | undefined => lines[i++]
  const field = (name: string, pattern: RegExp = /^.+$/): string => {
    const line = next()
    const prefix = `${name}: `
    if (line === undefined || !line.startsWith(prefix)) throw new SignInMessageError(`Expected "${prefix}" on line ${i}.`)
    const value = line.slice(prefix.length)
    if (!pattern.test(value)) throw new SignInMessageError(`${name} is malformed.`)
    return value
  }
  const date = (name: string): string => {
    const value = field(name)
    checkDate(value, name)
    return value
  }

  const first = next() ?? ''
  const suffix = header(chain)
  if (!first.endsWith(suffix)) throw new SignInMessageError('The first line is not a sign-in request.')
  let domain = first.slice(0, -suffix.length)
  // EIP-4361 allows an optional `scheme://` before the domain; only the authority is compared.
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(domain)
  if (scheme) domain = domain.slice(scheme[0].length)
  if (!DOMAIN.test(domain)) throw new SignInMessageError('The domain is malformed.')

  const address = next() ?? ''
  if (!chain.address.test(address)) throw new SignInMessageError('The address is malformed.')
  if (next() !== '') throw new SignInMessageError('Expected an empty line after the address.')

  let statement: string | undefined
  const afterAddress = lines[i]
  if (afterAddress === '') {
    i++
  } else if (afterAddress?.startsWith('URI: ') && chain.compactWithoutStatement) {
    // No statement, and no second empty line: the compact form this chain's wallets write.
  } else if (afterAddress !== undefined && !afterAddress.startsWith('URI: ')) {
    statement = afterAddress
    i++
    if (next() !== '') throw new SignInMessageError('Expected an empty line after the statement.')
  } else {
    throw new SignInMessageError('Expected an empty line before the URI.')
  }

  const uri = field('URI', URI)
  if (field('Version') !== '1') throw new SignInMessageError('Version must be 1.')
  const chainId = field('Chain ID', chain.chainId)
  const nonce = field('Nonce', NONCE)
  const issuedAt = date('Issued At')

  const out: SignInMessageFields = { domain, address, uri, version: '1', chainId, nonce, issuedAt }
  if (statement !== undefined) out.statement = statement
  if (lines[i]?.startsWith('Expiration Time: ')) out.expirationTime = date('Expiration Time')
  if (lines[i]?.startsWith('Not Before: ')) out.notBefore = date('Not Before')
  if (lines[i]?.startsWith('Request ID: ')) out.requestId = field('Request ID', /^[^\r]*$/)
  if (lines[i] === 'Resources:') {
    i++
    const resources: string[] = []
    while (i < lines.length) {
      const line = next()!
      if (!line.startsWith('- ') || !URI.test(line.slice(2))) throw new SignInMessageError(`Resource on line ${i} is malformed.`)
      resources.push(line.slice(2))
    }
    out.resources = resources
  }
  if (i < lines.length) throw new SignInMessageError(`Unexpected text on line ${i + 1}.`)
  return out
}
