/**
 * Schemas of the MoonPay funding plugin's routes, paired with the routes of `./api`. The server
 * validates requests with them and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { moonpayRoutes } from './api'

/** An EVM address (0x and 40 hex digits) or a Solana address (base58, 32 to 44 characters). */
const WalletAddress = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'address must be an EVM or Solana address.'),
)

/** `POST /plugins/moonpay_on_ramp/sign`: the wallet, the mode, and what the widget opens with. */
export const SignRequest = v.strictObject({
  address: WalletAddress,
  useSandbox: v.boolean(),
  config: v.strictObject({
    uiConfig: v.optional(
      v.strictObject({
        accentColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'uiConfig.accentColor must be #rrggbb.'))),
        theme: v.optional(v.picklist(['light', 'dark'])),
      }),
    ),
    paymentMethod: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/, 'paymentMethod must be a MoonPay payment method id.'))),
    currencyCode: v.pipe(v.string(), v.regex(/^[a-z0-9_]{1,32}$/, 'currencyCode must be a MoonPay currency code.')),
    quoteCurrencyAmount: v.optional(v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(1e12))),
  }),
})

/** The signed widget URL and the id the purchase is looked up by. */
export const SignResponse = v.strictObject({
  signedUrl: v.pipe(v.string(), v.url()),
  externalTransactionId: v.string(),
})

/** Schemas of the MoonPay plugin's routes (server and tests only). */
export const moonpaySchemas = defineSchemas(moonpayRoutes, {
  sign: { request: SignRequest, response: SignResponse },
})
