/**
 * Schemas of the SIWS routes, paired with the routes of `./api`. The server validates requests with
 * them and the tests validate responses. A browser bundle imports `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, User } from '../../kernel/schemas'
import { siwsRoutes } from './api'
import { isSolanaAddress } from './base58'

/** A base58 Solana address (32 bytes). */
export const SolanaAddress = v.pipe(
  v.string(),
  v.trim(),
  v.check(isSolanaAddress, 'Please provide a valid Solana address.'),
)

/** `walletClientType` / `connectorType`: at most 64 characters, null when unknown. */
const clientTag = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))))

/** `POST /siws/init`: asks for a nonce for an address. `token` is a captcha token. */
export const InitRequest = v.object({ address: SolanaAddress, token: v.optional(v.string()) })

/** The nonce to put in the message, and when it expires (ISO). */
export const InitResponse = v.object({ nonce: v.string(), address: v.string(), expires_at: v.string() })

const signed = {
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  /** base64 (or base58) of the 64-byte ed25519 signature. */
  signature: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  walletClientType: clientTag,
  connectorType: clientTag,
  message_type: v.optional(v.picklist(['transaction', 'plain', 'offchain-message'])),
}

/** `POST /siws/authenticate`: a signed message for a session. */
export const AuthenticateRequest = v.object({ ...signed, mode: v.optional(LoginMode) })

/** `POST /siws/link` (signed in): a signed message adding the wallet to the user. */
export const LinkRequest = v.object(signed)

/** `POST /siws/unlink` (signed in): removes the wallet from the user. */
export const UnlinkRequest = v.object({ address: SolanaAddress })

const MISSING_TRANSFER = 'missing account transfer inputs'

/**
 * `POST /siws/transfer` (signed in): moves the wallet to the user with the conflict's nonce. The
 * wallet fields are accepted for the client's sake; the server keeps what the signed link proved.
 */
// A missing key reports the object's message: the spec's text for a transfer without nonce or account.
export const TransferRequest = v.object({
  address: v.pipe(v.string(MISSING_TRANSFER), v.trim(), v.check(isSolanaAddress, 'Please provide a valid Solana address.')),
  nonce: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(256)),
  walletClientType: clientTag,
  connectorType: clientTag,
}, MISSING_TRANSFER)

/** Schemas of the SIWS routes (server and tests only). */
export const siwsSchemas = defineSchemas(siwsRoutes, {
  init: { request: InitRequest, response: InitResponse },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
  unlink: { request: UnlinkRequest, response: User },
  transfer: { request: TransferRequest, response: User },
})
