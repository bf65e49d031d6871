/**
 * Schemas of the transactions plugin's routes, paired with the routes of `./api`. The server
 * validates requests with them and the tests validate responses.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { Empty } from '../../kernel/schemas'
import { transactionRoutes } from './api'

/** `GET /token_price`'s query: a chain id (0 for Solana) and a token symbol. */
export const TokenPriceQuery = v.strictObject({
  chainId: v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,15})$/, 'chainId must be a non-negative integer.')),
  tokenSymbol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9.]{1,16}$/, 'tokenSymbol must be 1 to 16 letters or digits.')),
})

/** `GET /token_price`'s answer: the token's price in US dollars. */
export const TokenPriceResponse = v.strictObject({ usd: v.pipe(v.number(), v.finite(), v.minValue(0)) })

/** Schemas of the transactions plugin's routes (server and tests only). */
export const transactionSchemas = defineSchemas(transactionRoutes, {
  tokenPrice: { request: Empty, response: TokenPriceResponse },
})
