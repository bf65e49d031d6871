/**
 * Routes of the embedded wallet, shared by the wallet frame (which calls them with the user's access
 * token) and the server. Types come from `./schemas`, imported as types only.
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { User } from '../../kernel/schemas'
import type {
  AddRequest,
  CreateRequest,
  KeyMaterialRequest,
  KeyMaterialResponse,
  RecoveryShareRequest,
  RecoveryShareResponse,
  RevokeRequest,
  RevokeResponse,
  SetRecoveryRequest,
  SharesRequest,
  SharesResponse,
  WalletResponse,
} from './schemas'

/** The embedded wallet's routes. */
export const embeddedWalletRoutes = {
  /** Stores a new secret (auth share, encrypted recovery share) with its first wallet. */
  create: route<SchemaRoute<typeof CreateRequest, typeof WalletResponse>>('POST', '/api/v1/embedded_wallets', { auth: true, dedupe: true }),
  /** Adds an HD wallet (another index or chain) derived from a stored secret. */
  add: route<SchemaRoute<typeof AddRequest, typeof WalletResponse>>('POST', '/api/v1/embedded_wallets/add', { auth: true, dedupe: true }),
  /** The auth share of one of the user's secrets. */
  shares: route<SchemaRoute<typeof SharesRequest, typeof SharesResponse>>('POST', '/api/v1/embedded_wallets/shares', { auth: true }),
  /**
   * The recovery key material of a wallet's secret (a password wallet's salt), with its encrypted
   * recovery share unless a password verifier guards it.
   */
  keyMaterial: route<SchemaRoute<typeof KeyMaterialRequest, typeof KeyMaterialResponse>>(
    'POST',
    '/api/v1/embedded_wallets/:address/recovery/key_material',
    { auth: true },
  ),
  /**
   * A password wallet's encrypted recovery share, for the password's verifier; wrong ones are counted
   * and lock recovery after a few. Not retried: each call is an attempt.
   */
  recoveryShare: route<SchemaRoute<typeof RecoveryShareRequest, typeof RecoveryShareResponse>>(
    'POST',
    '/api/v1/embedded_wallets/:address/recovery/share',
    { auth: true, retry: false },
  ),
  /** Replaces a secret's auth and recovery shares (a new password, another recovery method). */
  setRecovery: route<SchemaRoute<typeof SetRecoveryRequest, typeof User>>('POST', '/api/v1/embedded_wallets/recovery', { auth: true }),
  /** Tells the server the user's wallets are revoked on this device; the frame forgets them. */
  revoke: route<SchemaRoute<typeof RevokeRequest, typeof RevokeResponse>>('POST', '/api/v1/wallets/revoke', { auth: true }),
}
