/**
 * `portico/plugins/smart-wallets/server`: the smart-wallet server half. The `smartWallets` app setting
 * (admin API and `portico apps set`) switches ERC-4337 accounts on with their type and, per chain, the
 * bundler, the paymaster and its context; the app response carries it as `smart_wallet_config`, and
 * `GET /api/v1/apps/:app_id/smart_wallets` answers it alone. `POST /api/v1/siwe/link_smart_wallet`
 * links the signed-in user's smart account as `smart_wallet` once a SIWE message it signed verifies
 * (EIP-1271 when deployed, EIP-6492 before: through the app's `chainRpcUrls` for the chain).
 * @module
 */
import * as v from 'valibot'
import type { InferOutput } from 'valibot'
import { getAddress } from 'viem'
import { defineServerPlugin, defineSetting, errors, readSetting, type LinkedAccountType, type ServerApp } from '../../server'
import { siweServer, verifySiweMessage } from '../siwe/server'
import { smartWalletRoutes } from './api'
import type { SmartWalletType } from './config'
import { SmartWalletTypeSchema, smartWalletSchemas, type SmartWalletConfiguration } from './schemas'

export { SMART_WALLET_TYPES, type SmartWalletType } from './config'

/** A chain the app's smart wallets run on. */
export interface SmartWalletNetwork {
  /** CAIP-2 id (`eip155:8453`). */
  chainId: string
  /** The ERC-4337 bundler's JSON-RPC URL. */
  bundlerUrl: string
  /** An ERC-7677 paymaster service's URL: user operations are sponsored through it. Without one the account pays. */
  paymasterUrl?: string
  /** The chain's JSON-RPC URL for the widget (the wallets' own otherwise). */
  rpcUrl?: string
  /** The chain's name as the screens show it. */
  chainName?: string
  /** Merged over the sponsored defaults in each paymaster request (`sponsorshipPolicyId`…). */
  paymasterContext?: Record<string, unknown>
}

/** The value of the `smartWallets` setting. */
export interface SmartWalletsSettings {
  enabled: boolean
  /** The account type every user of the app gets (required when enabled). */
  smartWalletType?: SmartWalletType
  /** The account implementation's version, when the type has several. */
  smartWalletVersion?: string
  configuredNetworks: SmartWalletNetwork[]
}

const httpUrl = (field: string) =>
  v.pipe(v.string(), v.maxLength(2048), v.url(`${field} must be a URL.`), v.regex(/^https?:\/\//, `${field} must be an http(s) URL.`))
const caip2 = v.pipe(v.string(), v.regex(/^eip155:[1-9][0-9]{0,19}$/, 'chainId must be a CAIP-2 Ethereum chain id (eip155:<n>).'))

const NetworkSetting = v.strictObject({
  chainId: caip2,
  bundlerUrl: httpUrl('bundlerUrl'),
  paymasterUrl: v.optional(httpUrl('paymasterUrl')),
  rpcUrl: v.optional(httpUrl('rpcUrl')),
  chainName: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))),
  paymasterContext: v.optional(
    v.pipe(
      v.record(v.string(), v.unknown()),
      v.check((c) => JSON.stringify(c).length <= 4096, 'paymasterContext must stay under 4 KiB of JSON.'),
    ),
  ),
})

/**
 * `smartWallets`: whether users get a smart account, of which type, and on which chains (bundler,
 * paymaster, paymaster context). Enabled needs a type and at least one chain, each chain once.
 * @defaultValue off, no chains
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { smartWalletsSetting } from 'portico/plugins/smart-wallets/server'
 * readSetting(ctx.app, smartWalletsSetting).enabled // false
 * ```
 */
export const smartWalletsSetting = defineSetting<SmartWalletsSettings>({
  key: 'smartWallets',
  schema: v.pipe(
    v.strictObject({
      enabled: v.boolean(),
      smartWalletType: v.optional(SmartWalletTypeSchema),
      smartWalletVersion: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(32))),
      configuredNetworks: v.pipe(v.array(NetworkSetting), v.maxLength(32)),
    }),
    v.check((s) => !s.enabled || s.smartWalletType !== undefined, 'smartWalletType is required when smart wallets are enabled.'),
    v.check((s) => !s.enabled || s.configuredNetworks.length > 0, 'configuredNetworks needs a chain when smart wallets are enabled.'),
    v.check((s) => new Set(s.configuredNetworks.map((n) => n.chainId)).size === s.configuredNetworks.length, 'configuredNetworks names a chain twice.'),
  ),
  default: { enabled: false, configuredNetworks: [] },
})

/**
 * The app's smart-wallet configuration on the wire (`SmartWalletConfiguration`).
 * @param app - the app.
 * @returns `{enabled:false}`, or the type, version and networks.
 * @example
 * ```ts
 * import { smartWalletConfiguration } from 'portico/plugins/smart-wallets/server'
 * smartWalletConfiguration(app) // { enabled: false }
 * ```
 */
export function smartWalletConfiguration(app: ServerApp): InferOutput<typeof SmartWalletConfiguration> {
  const s = readSetting(app, smartWalletsSetting)
  if (!s.enabled || !s.smartWalletType) return { enabled: false }
  return {
    enabled: true,
    smart_wallet_type: s.smartWalletType,
    ...(s.smartWalletVersion ? { smart_wallet_version: s.smartWalletVersion } : {}),
    configured_networks: s.configuredNetworks.map((n) => ({
      chain_id: n.chainId,
      bundler_url: n.bundlerUrl,
      ...(n.paymasterUrl ? { paymaster_url: n.paymasterUrl } : {}),
      ...(n.rpcUrl ? { rpc_url: n.rpcUrl } : {}),
      ...(n.chainName ? { chain_name: n.chainName } : {}),
      ...(n.paymasterContext ? { paymaster_context: n.paymasterContext } : {}),
    })),
  }
}

/**
 * `smart_wallet` accounts (`{address, smart_wallet_type, smart_wallet_version?}`): not a sign-in
 * method, and not moved between users (its signature proves the owner's key, not the other user's consent).
 */
export const smartWalletAccountType: LinkedAccountType = { type: 'smart_wallet', transferable: false }

/**
 * The smart-wallet plugin's server half: the `smartWallets` setting, `smart_wallet_config` in the app
 * response, `GET /api/v1/apps/:app_id/smart_wallets` and `POST /api/v1/siwe/link_smart_wallet`. It
 * requires the SIWE plugin (its nonces and its message checks).
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { smartWalletsServer } from 'portico/plugins/smart-wallets/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [smartWalletsServer()] })
 * ```
 */
export function smartWalletsServer() {
  return defineServerPlugin({
    id: 'smart-wallets',
    routes: smartWalletRoutes,
    schemas: smartWalletSchemas,
    requires: [siweServer()],
    settings: [smartWalletsSetting],
    accountTypes: [smartWalletAccountType],
    appResponse: (app) => ({ smart_wallet_config: smartWalletConfiguration(app) }),
    handlers: {
      async configuration(_req, ctx) {
        return smartWalletConfiguration(ctx.app)
      },

      async link(req, ctx) {
        const s = readSetting(ctx.app, smartWalletsSetting)
        if (!s.enabled) throw errors.featureNotEnabled('Smart wallets are not enabled for this app.')
        if (req.body.smart_wallet_type !== s.smartWalletType) {
          throw errors.invalidData(`This app's smart wallets are of type ${s.smartWalletType}.`)
        }
        // Only a signed-in user may link; check before spending the nonce.
        await ctx.requireSession()
        const msg = await verifySiweMessage(req.body, req.headers.origin, ctx)
        if (!s.configuredNetworks.some((n) => n.chainId === `eip155:${msg.chainId}`)) {
          throw errors.invalidData(`This app has no smart wallets on chain eip155:${msg.chainId}.`)
        }
        const address = getAddress(msg.address)
        const version = req.body.smart_wallet_version ?? s.smartWalletVersion
        const user = await ctx.link({
          type: 'smart_wallet',
          identityKey: address.toLowerCase(),
          details: { address, smart_wallet_type: req.body.smart_wallet_type, ...(version ? { smart_wallet_version: version } : {}) },
        })
        return ctx.users.toWire(user)
      },
    },
  })
}
