/**
 * The screen a provider's landing button opens: it starts the round trip on mount (captcha, PKCE,
 * init, redirect or popup) and shows 'Verifying connection to {provider}' meanwhile. The param
 * `preview: true` draws it without starting (screenshots, contract tests).
 * @module
 */
import { useEffect, useRef, type ComponentType } from 'react'
import type { ScreenProps } from '../../../ui/context'
import type { AppConfig } from '../../../kernel'
import { useSnapshot } from 'valtio'
import { startOAuth, type OAuthMode, type OAuthState } from '../client/flow'
import { OAuthStatusView } from './OAuthStatus'

/**
 * The enabled custom providers of the app configuration, in order: the k-th one is started by the
 * screen `oauth/custom-<k>` (screens are registered before the configuration is known).
 * @param config - the app configuration.
 * @returns their provider names.
 * @example
 * ```ts
 * enabledCustomProviders(ctx.config()) // ['custom:acme']
 * ```
 */
export function enabledCustomProviders(config: AppConfig | null): string[] {
  return (config?.server.custom_oauth_providers ?? []).filter((p) => p.enabled).map((p) => p.provider)
}

/**
 * Makes the start screen of one provider.
 * @param provider - the provider name, or a function of the configuration that picks it (custom slots).
 * @param mode - redirect or popup.
 * @returns the screen component.
 * @example
 * ```ts
 * const screens = { google: { load: async () => ({ default: startScreen('google', 'redirect') }) } }
 * ```
 */
export function startScreen(provider: string | ((config: AppConfig | null) => string | undefined), mode: OAuthMode): ComponentType<ScreenProps> {
  function OAuthStart(props: ScreenProps) {
    const { ctx } = props
    const id = typeof provider === 'string' ? provider : provider(ctx.config())
    const started = useRef(false)
    useEffect(() => {
      // Once per visit: React's strict mode mounts effects twice, and a code is good for one exchange.
      if (started.current || !id || props.params.preview === true) return
      started.current = true
      void startOAuth(ctx, { provider: id, mode })
    }, [ctx, id])
    const snap = useSnapshot(ctx.state as OAuthState)
    // Until this visit's flow has started, the slice may still describe an earlier one.
    const live = started.current && snap.provider === id
    return <OAuthStatusView {...props} params={{ ...(live ? {} : { status: 'starting' as const }), provider: id ?? '', ...props.params }} />
  }
  return OAuthStart
}
