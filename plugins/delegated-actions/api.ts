/**
 * Routes of delegated actions. The user's side (signed in): the delegation public key the wallet
 * frame seals a wallet's key to, the consent that stores it, the revocation that destroys it. The
 * app backend's side (app secret and a signed request, no user session): the wallet API that signs
 * and sends with a delegated wallet, and the list of what it did. Types come from `./schemas`.
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { User } from '../../kernel/schemas'
import type { ActionsResponse, ConsentRequest, DelegationKeyResponse, Empty, RevokeRequest, RpcRequest, RpcResponse } from './schemas'

/** The routes of delegated actions. */
export const delegatedActionRoutes = {
  /** The server's delegation public key (X25519, base64url): what the wallet frame seals a key to. */
  key: route<SchemaRoute<typeof Empty, typeof DelegationKeyResponse>>('GET', '/api/v1/delegated_actions/key'),
  /** The user accepts: stores one wallet's sealed key, and the wallet shows `delegated: true`. */
  consent: route<SchemaRoute<typeof ConsentRequest, typeof User>>('POST', '/api/v1/delegated_actions/consent', { auth: true }),
  /** The user revokes: destroys the stored keys of one wallet (or all), which show `delegated: false`. */
  revoke: route<SchemaRoute<typeof RevokeRequest, typeof User>>('POST', '/api/v1/delegated_actions/revoke', { auth: true }),
  /**
   * The app backend signs or sends with a delegated wallet (`:wallet_id` is its address). App secret
   * (Basic) and `privy-authorization-signature` with `privy-request-expiry`; never retried.
   */
  rpc: route<SchemaRoute<typeof RpcRequest, typeof RpcResponse>>('POST', '/api/v1/wallets/:wallet_id/rpc', { retry: false }),
  /** The app backend lists what was done with a wallet (app secret), newest first. */
  actions: route<SchemaRoute<typeof Empty, typeof ActionsResponse>>('GET', '/api/v1/wallets/:wallet_id/actions'),
}
