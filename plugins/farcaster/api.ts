/**
 * Routes of the Farcaster login and signer, shared by the plugin's client and server halves. Their
 * types come from the schemas in `./schemas` (imported as types only, so no validation code reaches
 * the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type {
  AuthenticateRequest,
  InitRequest,
  InitResponse,
  LinkRequest,
  SignerInitRequest,
  SignerResponse,
  SignerStatusRequest,
  StatusRequest,
  StatusResponse,
  TransferRequest,
  UnlinkRequest,
  V2AuthenticateRequest,
  V2InitRequest,
  V2InitResponse,
} from './schemas'

/** The header that carries the channel token on the status call. */
export const FARCASTER_CHANNEL_HEADER = 'farcaster-channel-token'

/** The Farcaster plugin's routes. */
export const farcasterRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof InitResponse>>('POST', '/api/v1/farcaster/init'),
  // Polled every 2 s: a failed poll is simply retried by the next one.
  status: route<SchemaRoute<typeof StatusRequest, typeof StatusResponse>>('GET', '/api/v1/farcaster/status', { retry: false }),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/farcaster/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/farcaster/link', { auth: true, dedupe: true }),
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/farcaster/unlink', { auth: true }),
  /** Moves a Farcaster account another user owns to the signed-in user, with the nonce of `account_transfer_required`. */
  transfer: route<SchemaRoute<typeof TransferRequest, typeof User>>('POST', '/api/v1/farcaster/transfer', { auth: true, dedupe: true }),
  /** Sign In With Farcaster inside a Farcaster Mini App: a server nonce for the app's own signature request. */
  initV2: route<SchemaRoute<typeof V2InitRequest, typeof V2InitResponse>>('POST', '/api/v2/farcaster/init'),
  /** Sign In With Farcaster inside a Farcaster Mini App: the message signed with the `initV2` nonce. */
  authenticateV2: route<SchemaRoute<typeof V2AuthenticateRequest, typeof AuthenticatedUser>>('POST', '/api/v2/farcaster/authenticate', {
    dedupe: true,
  }),
  signerInit: route<SchemaRoute<typeof SignerInitRequest, typeof SignerResponse>>('POST', '/api/v1/farcaster/signer/init', {
    auth: true,
  }),
  signerStatus: route<SchemaRoute<typeof SignerStatusRequest, typeof SignerResponse>>(
    'POST',
    '/api/v1/farcaster/signer/status',
    { auth: true, retry: false },
  ),
}
