/**
 * `portico/plugins/smart-wallets/api`: the smart-wallet routes.
 * - `configuration`: `GET /api/v1/apps/:app_id/smart_wallets`, the app's smart-wallet configuration
 *   (the app response's `smart_wallet_config`).
 * - `link`: `POST /api/v1/siwe/link_smart_wallet` (signed in), links the user's smart account as
 *   `smart_wallet`, proven by a SIWE message the smart account signed (EIP-1271, or EIP-6492 before
 *   it is deployed) with a nonce of `POST /api/v1/siwe/init` for its address.
 * @module
 * @example
 * ```ts
 * import { smartWalletRoutes } from 'portico/plugins/smart-wallets/api'
 * const config = await ctx.api.request(smartWalletRoutes.configuration, undefined, { params: { app_id: ctx.appId } })
 * ```
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { Empty, User } from '../../kernel/schemas'
import type { LinkSmartWalletRequest, SmartWalletConfiguration } from './schemas'

/** The smart-wallet plugin's routes. */
export const smartWalletRoutes = {
  configuration: route<SchemaRoute<typeof Empty, typeof SmartWalletConfiguration>>('GET', '/api/v1/apps/:app_id/smart_wallets'),
  link: route<SchemaRoute<typeof LinkSmartWalletRequest, typeof User>>('POST', '/api/v1/siwe/link_smart_wallet', { auth: true, dedupe: true }),
}
