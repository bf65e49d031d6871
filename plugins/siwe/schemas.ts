/**
 * Schemas of the SIWE routes, paired with the routes of `./api`. The server validates requests with
 * them and the tests validate responses. They live apart from the routes because bundlers keep
 * module-level schema construction: a browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, User } from '../../kernel/schemas'
import { siweRoutes } from './api'

const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Please provide a valid Ethereum address.'))
// A message is a dozen short lines; the cap keeps a hostile body from reaching the parser.
const message = v.pipe(v.string(), v.minLength(1), v.maxLength(4096))
// 65 bytes for an EOA; smart-contract wallets (EIP-1271 / EIP-6492 wrapped) may sign with much more.
const signature = v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})+$/, 'Please provide a hex signature.'), v.maxLength(65_536))
const chainId = v.nullable(v.pipe(v.string(), v.maxLength(41)))
const clientField = v.nullable(v.pipe(v.string(), v.maxLength(64)))

/** `POST /siwe/init`: asks for a nonce for an address. `token` is a captcha token. */
export const InitRequest = v.object({ address, token: v.optional(v.string()) })

/** The nonce, the checksummed address it is bound to, and when it expires (ISO). */
export const InitResponse = v.object({ nonce: v.string(), address: v.string(), expires_at: v.string() })

const signed = {
  message,
  signature,
  chainId,
  walletClientType: clientField,
  connectorType: clientField,
}

/** `POST /siwe/authenticate`: the signed EIP-4361 message and what the client knows of the wallet. */
export const AuthenticateRequest = v.object({ ...signed, mode: v.optional(LoginMode) })

/** `POST /siwe/link` (signed in): the same, without a mode. */
export const LinkRequest = v.object(signed)

/** `POST /siwe/unlink` (signed in): removes the wallet from the user. */
export const UnlinkRequest = v.object({ address })

const MISSING_TRANSFER = 'missing account transfer inputs'

/**
 * `POST /siwe/transfer` (signed in): moves the wallet to the user with the conflict's nonce. The
 * wallet fields are accepted for the client's sake; the server keeps what the signed link proved.
 */
// A missing key reports the object's message: the spec's text for a transfer without nonce or account.
export const TransferRequest = v.object({
  address: v.pipe(v.string(MISSING_TRANSFER), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Please provide a valid Ethereum address.')),
  nonce: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(256)),
  chainId: v.optional(chainId),
  walletClientType: v.optional(clientField),
  connectorType: v.optional(clientField),
}, MISSING_TRANSFER)

/** Schemas of the SIWE routes (server and tests only). */
export const siweSchemas = defineSchemas(siweRoutes, {
  init: { request: InitRequest, response: InitResponse },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
  unlink: { request: UnlinkRequest, response: User },
  transfer: { request: TransferRequest, response: User },
})
