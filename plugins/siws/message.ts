/**
 * The Sign-In With Solana message: built by the browser half, parsed and checked by the server half.
 * The layout mirrors EIP-4361 (SIWE) with the Solana header and `Chain ID: mainnet`.
 * No dependencies, so both halves can share it.
 * @module
 */

/** The fixed statement: signing proves wallet ownership, costs no fee and starts no transaction. */
export const SIWS_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'

/** The chain every SIWS message names. */
export const SIWS_CHAIN_ID = 'mainnet'

/** The resource listed by default (the contract's SIWE value, mirrored). */
export const SIWS_DEFAULT_RESOURCES: readonly string[] = ['https://privy.io']

/** The fields of a SIWS message. */
export interface SiwsMessage {
  /** The host (and port) of the page asking: `localhost:3000`, `app.example.com`. */
  domain: string
  /** The base58 address of the signing account. */
  address: string
  statement: string
  /** The page's origin or URL. */
  uri: string
  version: '1'
  chainId: string
  nonce: string
  /** ISO 8601. */
  issuedAt: string
  /** ISO 8601; optional. */
  expirationTime?: string
  /** ISO 8601; optional. */
  notBefore?: string
  requestId?: string
  resources: string[]
}

/** What {@link buildSiwsMessage} needs; the rest has defaults. */
export type SiwsMessageInput = Pick<SiwsMessage, 'domain' | 'address' | 'uri' | 'nonce' | 'issuedAt'> &
  Partial<Pick<SiwsMessage, 'statement' | 'chainId' | 'expirationTime' | 'notBefore' | 'requestId' | 'resources'>>

const HEADER = ' wants you to sign in with your Solana account:'

/**
 * Builds the text a wallet signs.
 * @param input - domain, address, URI, nonce and issue time (and optional fields).
 * @returns the message text, lines joined with '\n'.
 * @example
 * ```ts
 * import { buildSiwsMessage } from 'portico/plugins/siws/message'
 * const text = buildSiwsMessage({ domain: location.host, address, uri: location.origin, nonce, issuedAt: new Date().toISOString() })
 * ```
 */
export function buildSiwsMessage(input: SiwsMessageInput): string {
  const lines = [
    `${input.domain}${HEADER}`,
    input.address,
    '',
    input.statement ?? SIWS_STATEMENT,
    '',
    `URI: ${input.uri}`,
    'Version: 1',
    `Chain ID: ${input.chainId ?? SIWS_CHAIN_ID}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${input.issuedAt}`,
  ]
  if (input.expirationTime) lines.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) lines.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) lines.push(`Request ID: ${input.requestId}`)
  const resources = input.resources ?? SIWS_DEFAULT_RESOURCES
  if (resources.length) lines.push('Resources:', ...resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/**
 * Parses a SIWS message. Strict: the fields must come in the order {@link buildSiwsMessage} writes.
 * @param text - the signed text.
 * @returns its fields, or null when it is not a SIWS message.
 * @example
 * ```ts
 * import { parseSiwsMessage } from 'portico/plugins/siws/message'
 * const fields = parseSiwsMessage(body.message)
 * if (!fields) throw errors.invalidData('Not a Sign-In With Solana message.')
 * ```
 */
export function parseSiwsMessage(text: string): SiwsMessage | null {
  const lines = text.split('\n')
  let i = 0
  const next = () => lines[i++]
  const header = next()
  if (!header?.endsWith(HEADER)) return null
  const domain = header.slice(0, -HEADER.length)
  const address = next()
  if (!domain || !address || next() !== '') return null
  // The statement is optional in EIP-4361: a blank line follows it when present.
  let statement = ''
  if (lines[i] !== undefined && !lines[i]!.startsWith('URI: ')) {
    statement = next()!
    if (next() !== '') return null
  }
  const field = (name: string, optional = false): string | undefined | null => {
    const line = lines[i]
    if (line?.startsWith(`${name}: `)) {
      i++
      return line.slice(name.length + 2)
    }
    return optional ? undefined : null
  }
  const uri = field('URI')
  const version = field('Version')
  const chainId = field('Chain ID')
  const nonce = field('Nonce')
  const issuedAt = field('Issued At')
  if (!uri || version !== '1' || !chainId || !nonce || !issuedAt) return null
  const expirationTime = field('Expiration Time', true) ?? undefined
  const notBefore = field('Not Before', true) ?? undefined
  const requestId = field('Request ID', true) ?? undefined
  const resources: string[] = []
  if (lines[i] === 'Resources:') {
    i++
    while (lines[i]?.startsWith('- ')) resources.push(next()!.slice(2))
  }
  if (i !== lines.length) return null
  return {
    domain,
    address,
    statement,
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(requestId ? { requestId } : {}),
    resources,
  }
}
