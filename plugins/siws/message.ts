/**
 * The Sign-In With Solana message: built by the browser half, parsed and checked by the server half.
 * The EIP-4361 layout with the Solana header and `Chain ID: mainnet`: the Solana face of the shared
 * builder and strict parser (`portico/protocols/eip4361`).
 * @module
 */
import { buildSignInMessage, parseSignInMessage, type SignInChain, type SignInMessageFields } from '../../protocols/eip4361'

/** The fixed statement: signing proves wallet ownership, costs no fee and starts no transaction. */
export const SIWS_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'

/** The chain every SIWS message names. */
export const SIWS_CHAIN_ID = 'mainnet'

/** The resource listed by default (the contract's SIWE value, mirrored). */
export const SIWS_DEFAULT_RESOURCES: readonly string[] = ['https://privy.io']

/**
 * The fields of a SIWS message: the shared sign-in fields, with the statement and resources always
 * present (empty when the text has none).
 */
export type SiwsMessage = SignInMessageFields & { statement: string; resources: string[] }

/** What {@link buildSiwsMessage} needs; the rest has defaults. */
export type SiwsMessageInput = Pick<SiwsMessage, 'domain' | 'address' | 'uri' | 'nonce' | 'issuedAt'> &
  Partial<Pick<SiwsMessage, 'statement' | 'chainId' | 'expirationTime' | 'notBefore' | 'requestId' | 'resources'>>

/**
 * Solana in the EIP-4361 layout: base58 addresses (32 bytes: 32 to 44 characters), a named cluster
 * as the chain id (the server checks it is {@link SIWS_CHAIN_ID}), and the wallet standard's single
 * empty line before the URI when there is no statement.
 */
export const SOLANA_SIGN_IN: SignInChain = {
  name: 'Solana',
  address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  chainId: /^[a-z0-9-]{1,32}$/,
  compactWithoutStatement: true,
}

/**
 * Builds the text a wallet signs.
 * @param input - domain, address, URI, nonce and issue time (and optional fields).
 * @returns the message text, lines joined with '\n'.
 * @throws SignInMessageError when a field could not be parsed back (a malformed address, nonce or time).
 * @example
 * ```ts
 * import { buildSiwsMessage } from 'portico/plugins/siws/message'
 * const text = buildSiwsMessage({ domain: location.host, address, uri: location.origin, nonce, issuedAt: new Date().toISOString() })
 * ```
 */
export function buildSiwsMessage(input: SiwsMessageInput): string {
  return buildSignInMessage(SOLANA_SIGN_IN, {
    ...input,
    statement: input.statement ?? SIWS_STATEMENT,
    version: '1',
    chainId: input.chainId ?? SIWS_CHAIN_ID,
    // An empty optional field is left out, as before.
    expirationTime: input.expirationTime || undefined,
    notBefore: input.notBefore || undefined,
    requestId: input.requestId || undefined,
    resources: [...(input.resources ?? SIWS_DEFAULT_RESOURCES)],
  })
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
  let fields
  try {
    fields = parseSignInMessage(SOLANA_SIGN_IN, text)
  } catch {
    return null
  }
  const { expirationTime, notBefore, requestId, ...rest } = fields
  return {
    ...rest,
    statement: fields.statement ?? '',
    resources: fields.resources ?? [],
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(requestId ? { requestId } : {}),
  }
}
