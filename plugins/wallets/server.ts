/**
 * `portico/plugins/wallets/server`: the wallet layer's server half. It declares the app settings
 * every wallet sign-in shares (the Ethereum chains a sign-in may name, the chains' RPC URLs), with
 * the client's default chain list as default. SIWE requires it; a host registers it only to read
 * its settings elsewhere.
 * @module
 */
import * as v from 'valibot'
import { defineServerPlugin, defineSetting } from '../../server'
import { DEFAULT_SUPPORTED_CHAINS } from './chains'

/**
 * `chainRpcUrls`: JSON-RPC URLs by CAIP-2 chain id (`eip155:8453` → `https://…`), used to verify
 * smart-contract wallet signatures (EIP-1271 / EIP-6492) at sign-in. Each URL is a secret (RPC URLs
 * often carry an API key): sealed at rest, masked in the admin API. @defaultValue {}
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { chainRpcUrlsSetting } from 'portico/plugins/wallets/server'
 * const rpcUrl = readSetting(ctx.app, chainRpcUrlsSetting)['eip155:8453']
 * ```
 */
export const chainRpcUrlsSetting = defineSetting<Record<string, string>>({
  key: 'chainRpcUrls',
  schema: v.record(
    v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'chainRpcUrls keys are CAIP-2 chain ids like eip155:1.')),
    v.pipe(v.string(), v.url('chainRpcUrls values must be URLs.')),
  ),
  default: {},
  secrets: ['*'],
})

/**
 * `ethereumChains`: CAIP-2 ids of the Ethereum chains a sign-in message (SIWE `Chain ID`) may name;
 * the chains of `chainRpcUrls` are accepted too. @defaultValue the Ethereum chains of
 * `DEFAULT_SUPPORTED_CHAINS` (Ethereum, Sepolia, Base, Base Sepolia, OP Mainnet, Arbitrum One, Polygon)
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { ethereumChainsSetting } from 'portico/plugins/wallets/server'
 * readSetting(ctx.app, ethereumChainsSetting).includes('eip155:1')
 * ```
 */
export const ethereumChainsSetting = defineSetting<string[]>({
  key: 'ethereumChains',
  schema: v.array(v.pipe(v.string(), v.regex(/^eip155:[1-9]\d{0,15}$/, 'ethereumChains holds CAIP-2 ids like eip155:1.'))),
  default: DEFAULT_SUPPORTED_CHAINS.filter((c) => c.id.startsWith('eip155:')).map((c) => c.id),
})

/**
 * The wallets plugin's server half: no routes, the chain settings. Wallet sign-in plugins require it
 * (`requires: [walletsServer()]`), so a host lists it only when no such plugin brings it.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { siweServer } from 'portico/plugins/siwe/server'
 * // siweServer() brings walletsServer() with it.
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [siweServer()] })
 * ```
 */
export const walletsServer = () =>
  defineServerPlugin({
    id: 'wallets',
    routes: {},
    schemas: {},
    handlers: {},
    settings: [chainRpcUrlsSetting, ethereumChainsSetting],
  })
