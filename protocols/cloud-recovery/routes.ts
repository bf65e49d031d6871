/**
 * Wire routes of cloud recovery (`/api/v1/recovery/oauth/*`, `/api/v1/recovery/configuration_icloud`):
 * the wallet frame calls the JSON ones with the user's access token; the browser pages (`callback`,
 * `start_icloud`, `callback_icloud`) are navigations of the sign-in popup, which the server answers
 * with a redirect. Types come from `./schemas` (imported as types only).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type {
  AuthenticateRequest,
  AuthenticateResponse,
  ConfigurationIcloudRequest,
  ConfigurationIcloudResponse,
  InitIcloudRequest,
  InitRequest,
  InitResponse,
  NavigationRequest,
  NavigationResponse,
} from './schemas'

/**
 * The cloud-recovery routes.
 *
 * - `init` (signed in): `POST /api/v1/recovery/oauth/init` → `{url}`, Google's authorization URL for
 *   the Drive app-data scope.
 * - `initIcloud` (signed in): `POST /api/v1/recovery/oauth/init_icloud` → `{url}`, the iCloud sign-in.
 * - `authenticate` (signed in): `POST /api/v1/recovery/oauth/authenticate`, the one-time code of the
 *   return with the state and PKCE verifier of the init, for the storage's short-lived `access_token`.
 * - `configurationIcloud` (signed in): `POST /api/v1/recovery/configuration_icloud` → the CloudKit
 *   container the frame writes to.
 * - `callback`, `startIcloud`, `callbackIcloud`: the popup's pages, never called by a client.
 * @example
 * ```ts
 * import { recoveryOAuthRoutes } from 'portico/protocols/cloud-recovery'
 * const { url } = await api.request(recoveryOAuthRoutes.init, { redirect_to, code_challenge, state_code })
 * ```
 */
export const recoveryOAuthRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof InitResponse>>('POST', '/api/v1/recovery/oauth/init', { auth: true }),
  initIcloud: route<SchemaRoute<typeof InitIcloudRequest, typeof InitResponse>>('POST', '/api/v1/recovery/oauth/init_icloud', { auth: true }),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticateResponse>>('POST', '/api/v1/recovery/oauth/authenticate', {
    auth: true,
    retry: false,
  }),
  configurationIcloud: route<SchemaRoute<typeof ConfigurationIcloudRequest, typeof ConfigurationIcloudResponse>>(
    'POST',
    '/api/v1/recovery/configuration_icloud',
    { auth: true },
  ),
  callback: route<SchemaRoute<typeof NavigationRequest, typeof NavigationResponse>>('GET', '/api/v1/recovery/oauth/callback/:app_id', { retry: false }),
  startIcloud: route<SchemaRoute<typeof NavigationRequest, typeof NavigationResponse>>('GET', '/api/v1/recovery/oauth/start_icloud/:app_id', {
    retry: false,
  }),
  callbackIcloud: route<SchemaRoute<typeof NavigationRequest, typeof NavigationResponse>>('GET', '/api/v1/recovery/oauth/callback_icloud/:app_id', {
    retry: false,
  }),
}
