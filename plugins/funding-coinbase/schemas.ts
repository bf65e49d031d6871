/**
 * Schemas of the Coinbase funding plugin's routes, paired with the routes of `./api`. The server
 * validates requests with them and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { Empty } from '../../kernel/schemas'
import { coinbaseRoutes } from './api'

const WalletAddress = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'address must be an EVM or Solana address.'),
)
const Network = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,32}$/, 'blockchains are Coinbase network names (base, ethereum, solana…).'))
const Asset = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,16}$/, 'assets are asset symbols (ETH, USDC…).'))

/** `POST /funding/coinbase_on_ramp/init`: the addresses funds may go to, on which networks, and which assets. */
export const InitRequest = v.strictObject({
  addresses: v.pipe(v.array(v.strictObject({ address: WalletAddress, blockchains: v.pipe(v.array(Network), v.minLength(1), v.maxLength(10)) })), v.minLength(1), v.maxLength(5)),
  assets: v.optional(v.pipe(v.array(Asset), v.maxLength(10))),
})

/** The session: the app's Coinbase project id, the single-use session token, and the id its purchase is read by. */
export const InitResponse = v.strictObject({
  app_id: v.string(),
  session_token: v.string(),
  partner_user_id: v.string(),
})

/** `GET /funding/coinbase_on_ramp/status`'s query. */
export const StatusQuery = v.strictObject({ partnerUserId: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}-[0-9a-f]{24}$/, 'partnerUserId is the id init returned.')) })

/** The purchase: `pending` until Coinbase reports it, then `success` or `failure`. */
export const StatusResponse = v.strictObject({ status: v.picklist(['pending', 'success', 'failure']) })

/** Schemas of the Coinbase plugin's routes (server and tests only). */
export const coinbaseSchemas = defineSchemas(coinbaseRoutes, {
  init: { request: InitRequest, response: InitResponse },
  status: { request: Empty, response: StatusResponse },
})
