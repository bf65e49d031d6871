/**
 * Schemas of the cross-app routes, paired with the routes of `./api` (server and tests only).
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { User } from '../../kernel/schemas'
import { crossAppRoutes } from './api'

const appId = v.pipe(v.string(), v.regex(/^[a-z0-9]{25}$/, 'client_id must be an app id.'))
const redirectUri = v.pipe(v.string(), v.minLength(1), v.maxLength(2048))
const state = v.pipe(v.string(), v.minLength(1, 'state must not be empty.'), v.maxLength(512))
const challenge = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be an S256 challenge (43 base64url characters).'),
)
const verifier = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~].'),
)

/** No body. */
export const Empty = v.object({})

/** A provider app's public details (`GET /apps/:app_id/cross-app/details`). */
export const ProviderDetails = v.object({
  id: v.string(),
  name: v.string(),
  icon_url: v.nullable(v.string()),
  logo_url: v.nullable(v.string()),
  read_only: v.boolean(),
  custom_api_url: v.null(),
})

/** One provider app a requester may sign in with (spec 02 §3). */
export const Connection = v.object({
  provider_app_id: v.string(),
  provider_app_name: v.string(),
  provider_app_icon_url: v.nullable(v.string()),
  provider_app_custom_api_url: v.null(),
  read_only: v.boolean(),
})

/** `GET /apps/:app_id/cross-app/connections`. */
export const ConnectionsResponse = v.object({ connections: v.array(Connection) })

/** What the provider's page received in its address: the requester's authorization request. */
const requestFields = { client_id: appId, redirect_uri: redirectUri, state, code_challenge: challenge }

/** `POST /cross-app/request`: the authorization request to check before asking for consent. */
export const RequestCheck = v.object(requestFields)

/** The checked request: who asks, who provides, and where a refusal goes. */
export const RequestCheckResponse = v.object({
  requester: v.object({ id: v.string(), name: v.string(), icon_url: v.nullable(v.string()) }),
  provider: ProviderDetails,
  /** The requester's callback with `error=access_denied` (the user's Cancel). */
  cancel_url: v.string(),
})

/** `POST /cross-app/authorize` (signed in to the provider app): the user's consent. */
export const AuthorizeRequest = v.object(requestFields)

/** The requester's callback with the one-time `code` and the `state`. */
export const AuthorizeResponse = v.object({ redirect_url: v.string() })

/** `POST /cross-app/token`: the authorization-code grant of a public client (PKCE, no secret). */
export const TokenRequest = v.object({
  grant_type: v.optional(v.literal('authorization_code')),
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  code_verifier: verifier,
  redirect_uri: redirectUri,
  client_id: appId,
})

/** The access token (opaque) for the userinfo route. */
export const TokenResponse = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.number(),
})

const address = v.object({ address: v.string() })

/** `GET /cross-app/userinfo`: the provider user. */
export const UserInfo = v.object({
  /** The provider user's bare id (the requester's identity key). */
  sub: v.string(),
  /** The provider user's DID (`did:privy:<id>`). */
  subject: v.string(),
  provider_app_id: v.string(),
  embedded_wallets: v.array(address),
  smart_wallets: v.array(address),
})

/** `POST /cross-app/unlink` (signed in): the requester-side `cross_app` account to remove. */
export const UnlinkRequest = v.object({
  provider_app_id: v.pipe(v.string(), v.regex(/^[a-z0-9]{25}$/, 'provider_app_id must be an app id.')),
  /** The provider user's DID, the account's `subject`. */
  subject: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
})

const token = v.pipe(v.string(), v.minLength(1, 'token must not be empty.'), v.maxLength(512))

/** `POST /cross-app/transact/init` (requester, signed in): a request to a provider app's wallet is about to start. */
export const TransactInit = v.object({
  provider_app_id: v.pipe(v.string(), v.regex(/^[a-z0-9]{25}$/, 'provider_app_id must be an app id.')),
  /** The provider access token the requester holds (`privy:cross-app:<provider app id>`). */
  token,
})

/** Where the popup goes: the provider app's page, and the origin its answer must come from. */
export const TransactInitResponse = v.object({ page_url: v.string(), page_origin: v.string() })

/** `POST /cross-app/transact/check` (provider, signed in): the request the provider's page received. */
export const TransactCheck = v.object({
  token,
  /** The requester page's origin, the only one the answer is posted to. */
  origin: v.pipe(v.string(), v.url('origin must be a URL.'), v.maxLength(2048)),
})

/** The requester the answer goes to. */
export const TransactCheckResponse = v.object({
  requester: v.object({ id: v.string(), name: v.string(), icon_url: v.nullable(v.string()) }),
})

/** Schemas of the cross-app routes (server and tests only). */
export const crossAppSchemas = defineSchemas(crossAppRoutes, {
  details: { request: Empty, response: ProviderDetails },
  connections: { request: Empty, response: ConnectionsResponse },
  request: { request: RequestCheck, response: RequestCheckResponse },
  authorize: { request: AuthorizeRequest, response: AuthorizeResponse },
  token: { request: TokenRequest, response: TokenResponse },
  userinfo: { request: Empty, response: UserInfo },
  unlink: { request: UnlinkRequest, response: User },
  transactInit: { request: TransactInit, response: TransactInitResponse },
  transactCheck: { request: TransactCheck, response: TransactCheckResponse },
})
