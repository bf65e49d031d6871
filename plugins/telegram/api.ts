/**
 * Routes of the Telegram login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type { AuthenticateRequest, LinkRequest, TransferRequest, UnlinkRequest } from './schemas'

/**
 * The Telegram plugin's routes: `POST /api/v1/telegram/authenticate`, `/link`, `/unlink` and `/transfer` (signed in).
 * @example
 * ```ts
 * import { telegramRoutes } from 'portico/plugins/telegram'
 * await ctx.api.request(telegramRoutes.authenticate, { telegram_auth_result: user, mode: 'login-or-sign-up' })
 * ```
 */
export const telegramRoutes = {
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/telegram/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/telegram/link', { auth: true, dedupe: true }),
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/telegram/unlink', { auth: true }),
  /** Moves a Telegram account another user owns to the signed-in user, with the nonce of `account_transfer_required`. */
  transfer: route<SchemaRoute<typeof TransferRequest, typeof User>>('POST', '/api/v1/telegram/transfer', { auth: true, dedupe: true }),
}
