/**
 * Social OAuth login, client half: a landing button per provider (Google, Apple, Twitter, Discord,
 * GitHub, LinkedIn, Spotify, Instagram, TikTok and the app's custom providers), the round trip
 * through a full-page redirect or a popup with PKCE (S256) and a state code, and the status screens.
 * @module
 */
import { definePlugin, type LoginMethodDefinition, type ScreenDefinition } from '../../kernel/plugin'
import type { MessageRef } from '../../kernel/messages'
import { oauthRoutes } from '../../protocols/oauth/routes'
import { OAUTH_ERRORS } from './errors'
import { oauthMessages } from './messages/en'
import { OAUTH_PROVIDERS } from './providers'
import { handleOAuthReturn, initialOAuthState, type OAuthMode, type OAuthState } from './client/flow'
import { isBuiltin, providerDisplay } from './client/providers'

export { OAUTH_ERRORS, OAUTH_CLIENT_CODES, OAUTH_ERROR_TEXTS, type OAuthErrorCode } from './errors'
export { oauthMessages, type OAuthMessageKey } from './messages/en'
export {
  useLinkWithOAuth,
  useUnlinkOAuth,
  useLoginWithOAuth,
  type UseLinkWithOAuthResult,
  type UseUnlinkOAuthResult,
  type UseLoginWithOAuthResult,
  type OAuthLoginState,
} from './react'
export { OAUTH_PROVIDERS, OAUTH_PROVIDER_TABLE, type OAuthProvider } from './providers'
export {
  startOAuth,
  completeOAuth,
  handleOAuthReturn,
  isInAppBrowser,
  openPopup,
  initialOAuthState,
  POPUP_MESSAGES,
  POPUP_SIZE,
  STATUS_SCREEN,
  IN_APP_SCREEN,
  type OAuthMode,
  type OAuthState,
  type PopupMessage,
  type StartOAuthOptions,
} from './client/flow'
export { OAUTH_STORAGE_KEYS, beginStoredFlow, readStoredFlow, clearStoredFlow, type StoredFlow, type BeginFlowOptions } from './client/stored-flow'
// The round trip's wire routes, PKCE and return parameters live in `portico/protocols/oauth`, shared with
// other plugins; they stay reachable from here for code written against this plugin.
export {
  oauthRoutes,
  OAUTH_RANDOM_BYTES,
  randomCode,
  codeChallenge,
  base64Url,
  OAUTH_QUERY_PARAMS,
  readOAuthReturn,
  hasOAuthParams,
  stripOAuthParams,
  type OAuthReturn,
} from '../../protocols/oauth'
export { oauthErrorView, mentionsProviderRateLimit, type OAuthErrorView } from './client/error-view'
export { providerDisplay, scopePhrase, logoUri, type ProviderDisplay } from './client/providers'

/** Options of the {@link oauth} plugin. */
export interface OAuthOptions {
  /**
   * The providers to offer, in order: built-in names and `custom:<id>`. Each shows only when the app
   * enables it (`<provider>_oauth`, or listed in `custom_oauth_providers`). Enabled custom providers
   * of the app configuration that are not listed here are offered too.
   * @defaultValue every built-in provider
   */
  providers?: readonly string[]
  /**
   * Where the provider's page opens: this tab (`redirect`) or a centred popup (`popup`; a blocked
   * popup falls back to the redirect).
   * @defaultValue 'redirect'
   */
  mode?: OAuthMode
}

/** How many of the app's unlisted custom providers can be offered (screens exist before the configuration). */
export const CUSTOM_PROVIDER_SLOTS = 4

/** A provider's button label ('Continue with Google'): provider names are not translated. */
function methodLabel(name: string): MessageRef {
  return { key: 'OAUTH_METHOD_LABEL', values: { provider: name } }
}

const status: ScreenDefinition = { load: () => import('./screens/OAuthStatus') }
const inAppBrowser: ScreenDefinition = { load: () => import('./screens/InAppBrowser') }

/**
 * The social OAuth login plugin.
 * @param options - see {@link OAuthOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { oauth } from 'portico/plugins/oauth'
 * <PorticoProvider appId="..." plugins={[oauth({ providers: ['google', 'github'], mode: 'popup' })]}>...</PorticoProvider>
 * ```
 */
export const oauth = (options: OAuthOptions = {}) => {
  const mode: OAuthMode = options.mode ?? 'redirect'
  const providers = [...new Set(options.providers ?? OAUTH_PROVIDERS)]
  const screens: Record<string, ScreenDefinition> = { status, 'in-app-browser': inAppBrowser }
  // Each provider's row label, from the method label of a table (English, or a locale's).
  const loginMethods: LoginMethodDefinition[] = []
  for (const provider of providers) {
    // One screen per provider: the landing opens a method's screen without params.
    screens[provider] = { load: () => import('./screens/OAuthStart').then((m) => ({ default: m.startScreen(provider, mode) })) }
    const display = providerDisplay(provider, null)
    loginMethods.push({
      id: provider,
      group: 'web2',
      label: methodLabel(display.name ?? provider),
      // Custom providers are enabled by being listed in the app's `custom_oauth_providers`.
      enabledBy: isBuiltin(provider) ? `${provider}_oauth` : [],
      screen: `oauth/${provider}`,
      ...(display.icon ? { icon: display.icon } : {}),
      // Built-in providers follow email, phone and wallet, in their list's order; custom ones come after.
      ...(isBuiltin(provider) ? { order: 3 + OAUTH_PROVIDERS.indexOf(provider) } : {}),
      ...(provider === 'linkedin' ? { accountLabel: 'PORTICO_LINK_CONFLICT_LABEL_LINKEDIN' } : {}),
    })
  }
  for (let k = 0; k < CUSTOM_PROVIDER_SLOTS; k++) {
    screens[`custom-${k}`] = {
      load: () =>
        import('./screens/OAuthStart').then((m) => ({
          default: m.startScreen((config) => m.enabledCustomProviders(config)[k], mode),
        })),
    }
  }

  return definePlugin<'oauth', OAuthState>({
    id: 'oauth',
    kind: 'login',
    api: oauthRoutes,
    screens,
    errors: OAUTH_ERRORS,
    messages: oauthMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods,
    initialState: initialOAuthState,
    setup(ctx) {
      const untap = ctx.hooks.resolveLoginMethods.tap('oauth', (methods, config) => {
        // The app's custom providers that this page did not list get the numbered start screens.
        const enabled = (config.server.custom_oauth_providers ?? []).filter((p) => p.enabled)
        const extra: LoginMethodDefinition[] = []
        enabled.forEach((p, k) => {
          if (k >= CUSTOM_PROVIDER_SLOTS || providers.includes(p.provider) || methods.some((m) => m.id === p.provider)) return
          extra.push({
            id: p.provider,
            group: 'web2',
            label: methodLabel(p.provider_display_name || p.provider),
            enabledBy: [],
            screen: `oauth/custom-${k}`,
            ...(p.provider_icon_url ? { icon: p.provider_icon_url } : {}),
          })
        })
        // Listed custom providers show the app's own name and icon.
        const named = methods.map((m) => {
          const custom = m.id.startsWith('custom:') ? enabled.find((p) => p.provider === m.id) : undefined
          if (!custom) return m
          return {
            ...m,
            label: methodLabel(custom.provider_display_name || custom.provider),
            ...(custom.provider_icon_url ? { icon: custom.provider_icon_url } : {}),
          }
        })
        return [...named, ...extra]
      })
      const unreturn = handleOAuthReturn(ctx)
      return () => {
        untap()
        unreturn?.()
      }
    },
  })
}
