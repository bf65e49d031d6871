/**
 * What the prompts run once the user agrees: delegating one embedded wallet (its key sealed by the
 * wallet frame, `embeddedWalletsOf(ctx).delegate`), or revoking (the server destroys the stored
 * keys), then the session is refreshed so the wallets show their `delegated` flag.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import { embeddedWalletsOf } from '../embedded-wallets'
import { delegatedActionRoutes } from './api'

/** The prompt's request: delegate one wallet, or revoke one wallet (or all when no address is given). */
export interface DelegationRequest {
  action: 'delegate' | 'revoke'
  /** The wallet; for `revoke`, none means every delegated wallet of the user. */
  address?: string
}

/**
 * Runs a request the user accepted.
 * @param ctx - the plugin's context.
 * @param request - what to do.
 * @returns resolves once the server changed and the session shows it.
 * @throws a `PorticoError` `wallet_not_found` when the user has no such embedded wallet; the
 *   frame's or the server's error otherwise.
 */
export async function runDelegation(ctx: PluginContext, request: DelegationRequest): Promise<void> {
  if (request.action === 'revoke') {
    await ctx.api.request(delegatedActionRoutes.revoke, request.address === undefined ? {} : { address: request.address })
    await ctx.refreshSession()
    return
  }
  const service = embeddedWalletsOf(ctx)
  const wallet = service.wallets().find((w) => w.address.toLowerCase() === (request.address ?? '').toLowerCase())
  if (!wallet) throw new PorticoError('The user has no such embedded wallet', { code: 'wallet_not_found' })
  await service.delegate(wallet)
}
