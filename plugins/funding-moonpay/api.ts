/**
 * Routes of the MoonPay funding plugin, shared by its client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { SignRequest, SignResponse } from './schemas'

/**
 * The MoonPay plugin's routes: `POST /api/v1/plugins/moonpay_on_ramp/sign` (signed in) signs the
 * widget URL with the app's MoonPay secret key.
 * @example
 * ```ts
 * import { moonpayRoutes } from 'portico/plugins/funding-moonpay'
 * const { signedUrl } = await ctx.api.request(moonpayRoutes.sign, { address, useSandbox: false, config: { currencyCode: 'eth' } })
 * ```
 */
export const moonpayRoutes = {
  sign: route<SchemaRoute<typeof SignRequest, typeof SignResponse>>('POST', '/api/v1/plugins/moonpay_on_ramp/sign', { auth: true }),
}
