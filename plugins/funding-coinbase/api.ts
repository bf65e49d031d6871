/**
 * Routes of the Coinbase funding plugin, shared by its client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { Empty } from '../../kernel/schemas'
import type { InitRequest, InitResponse, StatusResponse } from './schemas'

/**
 * The Coinbase plugin's routes (signed in): `POST /api/v1/funding/coinbase_on_ramp/init` creates a
 * Coinbase Onramp session token for the user's addresses; `GET /api/v1/funding/coinbase_on_ramp/status?partnerUserId=`
 * reads the purchase of that session.
 * @example
 * ```ts
 * import { coinbaseRoutes } from 'portico/plugins/funding-coinbase'
 * const init = await ctx.api.request(coinbaseRoutes.init, { addresses: [{ address, blockchains: ['base'] }], assets: ['ETH'] })
 * const { status } = await ctx.api.request(coinbaseRoutes.status, undefined, { query: { partnerUserId: init.partner_user_id } })
 * ```
 */
export const coinbaseRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof InitResponse>>('POST', '/api/v1/funding/coinbase_on_ramp/init', { auth: true }),
  status: route<SchemaRoute<typeof Empty, typeof StatusResponse>>('GET', '/api/v1/funding/coinbase_on_ramp/status', { auth: true, retry: false }),
}
