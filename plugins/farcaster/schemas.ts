/**
 * Schemas of the Farcaster plugin's routes, paired with the routes of `./api`. The server validates
 * requests with them and the tests validate responses. Browser bundles import `./api` only.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { AuthenticatedUser, LoginMode, User } from '../../kernel/schemas'
import { farcasterRoutes } from './api'

const fid = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))
const hex = (what: string) => v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/, `${what} must be 0x-prefixed hex.`))
const channelToken = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
/** An ed25519 public key: 32 bytes as 0x-hex. */
const ed25519Key = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'ed25519_public_key must be 32 bytes of 0x-hex.'), v.toLowerCase())

/**
 * `POST /farcaster/init`: opens a relay channel. `token` is a captcha token. Strict, since every field
 * is optional: a misspelt field must not pass silently.
 */
export const InitRequest = v.strictObject({
  token: v.optional(v.string()),
  redirect_url: v.optional(v.pipe(v.string(), v.url('redirect_url must be a URL.'), v.maxLength(2048))),
  relying_party: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2048))),
})

/** The channel: the token to poll with and the URI the Farcaster app opens. */
export const InitResponse = v.object({ channel_token: v.string(), connect_uri: v.string() })

/** `GET /farcaster/status`: the token travels in the `farcaster-channel-token` header. */
export const StatusRequest = v.object({})

/** The relay channel's state, proxied. */
export const StatusResponse = v.variant('state', [
  v.object({ state: v.literal('pending'), nonce: v.string() }),
  v.object({
    state: v.literal('completed'),
    nonce: v.string(),
    message: v.string(),
    signature: v.string(),
    fid: v.number(),
    username: v.nullable(v.string()),
    display_name: v.nullable(v.string()),
    bio: v.nullable(v.string()),
    pfp_url: v.nullable(v.string()),
  }),
])

/** `POST /farcaster/link` (signed in): the signed Sign In With Farcaster message of a channel. */
export const LinkRequest = v.object({
  channel_token: channelToken,
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  signature: v.pipe(hex('signature'), v.maxLength(4096)),
  fid,
})

/** `POST /farcaster/authenticate`: as link, with the sign-in mode. */
export const AuthenticateRequest = v.object({ ...LinkRequest.entries, mode: v.optional(LoginMode) })

/** `POST /farcaster/unlink` (signed in). */
export const UnlinkRequest = v.object({ fid })

/** `POST /farcaster/signer/init` (signed in): asks the user's Farcaster app to approve a key. */
export const SignerInitRequest = v.object({
  ed25519_public_key: ed25519Key,
  /** Unix seconds until which the signed key request is valid. */
  deadline: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})

/** `POST /farcaster/signer/status` (signed in). */
export const SignerStatusRequest = v.object({ ed25519_public_key: ed25519Key })

/** A signer request's state. */
export const SignerResponse = v.variant('status', [
  v.object({ status: v.literal('pending_approval'), public_key: v.string(), signer_approval_url: v.optional(v.string()) }),
  v.object({ status: v.picklist(['approved', 'revoked']), fid: v.number(), public_key: v.string() }),
])

const MISSING_TRANSFER = 'missing account transfer inputs'

/**
 * `POST /farcaster/transfer` (signed in): the nonce of `account_transfer_required` and the fid it
 * was issued for. `farcaster_embedded_address` echoes the conflict's `otherUser.farcasterEmbeddedAddress`;
 * the server does not need it (the nonce names the account), so it may be null or absent.
 */
export const TransferRequest = v.object({
  nonce: v.pipe(v.string(MISSING_TRANSFER), v.nonEmpty(MISSING_TRANSFER), v.maxLength(256)),
  farcaster_id: v.pipe(v.number(MISSING_TRANSFER), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  farcaster_embedded_address: v.optional(
    v.nullable(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'farcaster_embedded_address must be an address.'))),
  ),
})

/** `POST /api/v2/farcaster/init`: no fields. Strict, so a misspelt field does not pass silently. */
export const V2InitRequest = v.strictObject({})

/** A single-use nonce for a Mini App's Sign In With Farcaster request; `expires_at` is an ISO string. */
export const V2InitResponse = v.object({ nonce: v.string(), expires_at: v.string() })

/** `POST /api/v2/farcaster/authenticate`: the message the Farcaster client signed with the v2 nonce. */
export const V2AuthenticateRequest = v.object({
  fid,
  message: LinkRequest.entries.message,
  signature: LinkRequest.entries.signature,
  mode: v.optional(LoginMode),
})

/** Schemas of the Farcaster plugin's routes (server and tests only). */
export const farcasterSchemas = defineSchemas(farcasterRoutes, {
  init: { request: InitRequest, response: InitResponse },
  status: { request: StatusRequest, response: StatusResponse },
  authenticate: { request: AuthenticateRequest, response: AuthenticatedUser },
  link: { request: LinkRequest, response: User },
  unlink: { request: UnlinkRequest, response: User },
  transfer: { request: TransferRequest, response: User },
  initV2: { request: V2InitRequest, response: V2InitResponse },
  authenticateV2: { request: V2AuthenticateRequest, response: AuthenticatedUser },
  signerInit: { request: SignerInitRequest, response: SignerResponse },
  signerStatus: { request: SignerStatusRequest, response: SignerResponse },
})
