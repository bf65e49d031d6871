/**
 * Schemas of the smart-wallet routes and of the `smartWallets` app setting's wire form, paired with
 * the routes of `./api` (server and tests only: a browser bundle imports `./api`).
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { Empty, User } from '../../kernel/schemas'
import { smartWalletRoutes } from './api'
import { SMART_WALLET_TYPES } from './config'

/** A smart-wallet type, with the contract's list in the message. */
export const SmartWalletTypeSchema = v.picklist(SMART_WALLET_TYPES, `smart_wallet_type must be one of ${SMART_WALLET_TYPES.join(', ')}.`)

const version = v.pipe(v.string(), v.nonEmpty(), v.maxLength(32))

/** A network of the configuration, as the wire carries it. */
export const ConfiguredNetwork = v.object({
  chain_id: v.string(),
  bundler_url: v.string(),
  paymaster_url: v.optional(v.string()),
  rpc_url: v.optional(v.string()),
  chain_name: v.optional(v.string()),
  paymaster_context: v.optional(v.record(v.string(), v.unknown())),
})

/**
 * `SmartWalletConfiguration` (the app response's `smart_wallet_config`, and the answer of `GET
 * /api/v1/apps/:app_id/smart_wallets`): `{enabled:false}` or the type and the chains' bundlers.
 */
export const SmartWalletConfiguration = v.variant('enabled', [
  v.object({ enabled: v.literal(false) }),
  v.object({
    enabled: v.literal(true),
    smart_wallet_type: SmartWalletTypeSchema,
    smart_wallet_version: v.optional(version),
    configured_networks: v.array(ConfiguredNetwork),
  }),
])

// A message is a dozen short lines; smart-wallet signatures (EIP-6492 wrapped) carry the deployment.
const message = v.pipe(v.string(), v.minLength(1), v.maxLength(4096))
const signature = v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})+$/, 'Please provide a hex signature.'), v.maxLength(65_536))

/** `POST /siwe/link_smart_wallet` (signed in): the SIWE message the smart account signed, and its type. */
export const LinkSmartWalletRequest = v.object({
  message,
  signature,
  smart_wallet_type: SmartWalletTypeSchema,
  smart_wallet_version: v.optional(version),
})

/** Schemas of the smart-wallet routes (server and tests only). */
export const smartWalletSchemas = defineSchemas(smartWalletRoutes, {
  configuration: { request: Empty, response: SmartWalletConfiguration },
  link: { request: LinkSmartWalletRequest, response: User },
})
