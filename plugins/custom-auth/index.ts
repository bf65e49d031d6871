/**
 * The custom-token login, client half. The host app has its own sign-in and hands Portico its own
 * JWT through `getCustomAccessToken`; the plugin keeps Portico's session in step with the host's,
 * headlessly (it offers no button and no screen).
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { customAuthRoutes } from './api'
import { CUSTOM_AUTH_ERRORS } from './errors'
import { customAuthMessages } from './messages/en'
import { CUSTOM_AUTH_ID, startCustomAuthSync, type CustomAuthOptions, type CustomAuthState } from './sync'

export { CUSTOM_AUTH_ERRORS, type CustomAuthErrorCode } from './errors'
export { customAuthMessages, type CustomAuthMessageKey } from './messages/en'
export { customAuthRoutes } from './api'
export {
  getCustomAuth,
  CUSTOM_AUTH_METHOD,
  CUSTOM_AUTH_SYNC_INTERVAL_MS,
  SESSION_RESTORE_WAIT_MS,
  type CustomAuthController,
  type CustomAuthOptions,
  type CustomAuthState,
  type CustomAuthStatus,
} from './sync'
export { useCustomAuth, type UseCustomAuthResult } from './react'

/**
 * The custom-token login plugin: signs Portico in with the host's JWT when the host has a user and
 * Portico has none (or another host user), and out when the host's user is gone. It checks after
 * the app configuration loads, on window focus, when the page becomes visible, on an interval, and
 * whenever the host calls `useCustomAuth().sync()`.
 * @param options - the host's token callback and loading flag; see {@link CustomAuthOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { customAuth } from 'portico/plugins/custom-auth'
 * const plugins = [customAuth({ getCustomAccessToken: async () => myAuth.currentToken() })]
 * <PorticoProvider appId="..." plugins={plugins}>...</PorticoProvider>
 * ```
 */
export const customAuth = (options: CustomAuthOptions) =>
  definePlugin<typeof CUSTOM_AUTH_ID, CustomAuthState>({
    id: CUSTOM_AUTH_ID,
    kind: 'login',
    api: customAuthRoutes,
    errors: CUSTOM_AUTH_ERRORS,
    messages: customAuthMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    initialState: () => ({ status: 'idle', error: null }),
    setup: (ctx) => startCustomAuthSync(ctx, options),
  })
