/**
 * EIP-4361 (Sign-In With Ethereum) messages: the Ethereum face of the shared sign-in message builder
 * and strict parser (`portico/protocols/eip4361`), with dates as `Date` and the chain id as a number.
 * @module
 */
import { buildSignInMessage, parseSignInMessage, SignInMessageError, type SignInChain } from '../../protocols/eip4361'

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

/** A message could not be built or parsed; `message` says which line is wrong. */
export { SignInMessageError as SiweParseError }

/** Ethereum in the EIP-4361 layout: 0x addresses, numeric EIP-155 chain ids. */
export const ETHEREUM_SIGN_IN: SignInChain = { name: 'Ethereum', address: /^0x[0-9a-fA-F]{40}$/, chainId: /^[1-9]\d{0,15}$/ }

function iso(d: Date, field: string): string {
  if (Number.isNaN(d.getTime())) throw new SignInMessageError(`${field} is not a valid date.`)
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
  if (!Number.isSafeInteger(fields.chainId) || fields.chainId < 1) throw new SignInMessageError('The chain id must be a positive integer.')
  const { issuedAt, expirationTime, notBefore, chainId, ...rest } = fields
  return buildSignInMessage(ETHEREUM_SIGN_IN, {
    ...rest,
    chainId: String(chainId),
    issuedAt: iso(issuedAt, 'Issued At'),
    ...(expirationTime ? { expirationTime: iso(expirationTime, 'Expiration Time') } : {}),
    ...(notBefore ? { notBefore: iso(notBefore, 'Not Before') } : {}),
  })
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
  const { issuedAt, expirationTime, notBefore, chainId, ...rest } = parseSignInMessage(ETHEREUM_SIGN_IN, text)
  const id = Number(chainId)
  if (!Number.isSafeInteger(id)) throw new SignInMessageError('Chain ID is out of range.')
  const out: SiweMessageFields = { ...rest, chainId: id, issuedAt: new Date(issuedAt) }
  if (expirationTime !== undefined) out.expirationTime = new Date(expirationTime)
  if (notBefore !== undefined) out.notBefore = new Date(notBefore)
  return out
}
