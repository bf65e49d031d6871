/**
 * Routes of the passkey login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type {
  AuthenticateRequest,
  InitRequest,
  AuthenticationInitResponse,
  RegistrationInitResponse,
  RegisterRequest,
  LinkRequest,
  UnlinkRequest,
  LabelRequest,
} from './schemas'

/** The passkey plugin's routes. */
export const passkeyRoutes = {
  registerInit: route<SchemaRoute<typeof InitRequest, typeof RegistrationInitResponse>>(
    'POST',
    '/api/v1/passkeys/register/init',
  ),
  authenticateInit: route<SchemaRoute<typeof InitRequest, typeof AuthenticationInitResponse>>(
    'POST',
    '/api/v1/passkeys/authenticate/init',
  ),
  linkInit: route<SchemaRoute<typeof InitRequest, typeof RegistrationInitResponse>>('POST', '/api/v1/passkeys/link/init'),
  register: route<SchemaRoute<typeof RegisterRequest, typeof AuthenticatedUser>>('POST', '/api/v1/passkeys/register', {
    dedupe: true,
  }),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/passkeys/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/passkeys/link', { dedupe: true }),
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/passkeys/unlink', { dedupe: true }),
  /** The user's own name for a passkey (an extension of the contract). */
  label: route<SchemaRoute<typeof LabelRequest, typeof User>>('POST', '/api/v1/passkeys/label', { dedupe: true }),
}
