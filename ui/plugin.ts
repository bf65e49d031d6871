/**
 * The built-in `portico` feature plugin: the kernel's own screens (landing, error, terms, allowlist,
 * user limit, account not found) and the terms step after a login.
 * @module
 */
import { definePlugin } from '../kernel/plugin'
import type { LoginResult } from '../kernel/plugin'
import { uiMessages } from './messages/en'

/** Screen ids of the `portico` plugin. */
export const PORTICO_SCREENS = {
  landing: 'portico/landing',
  error: 'portico/error',
  terms: 'portico/terms',
  allowlist: 'portico/allowlist',
  userLimit: 'portico/user-limit',
  accountNotFound: 'portico/account-not-found',
} as const

/**
 * Creates the `portico` plugin. `PorticoProvider` adds it when the host's plugin list lacks it.
 * @returns the plugin definition.
 * @example
 * ```ts
 * import { createPortico } from 'portico/kernel'
 * import { portico } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * const kernel = createPortico({ appId, plugins: [portico(), email()] })
 * ```
 */
export const portico = () =>
  definePlugin({
    id: 'portico',
    kind: 'feature',
    screens: {
      landing: { load: () => import('./screens/Landing') },
      error: { load: () => import('./screens/ErrorScreen') },
      terms: { load: () => import('./screens/Terms'), blocking: true },
      allowlist: { load: () => import('./screens/Allowlist') },
      'user-limit': { load: () => import('./screens/UserLimit') },
      'account-not-found': { load: () => import('./screens/AccountNotFound') },
    },
    messages: uiMessages,
    setup(ctx) {
      // The kernel asks again after every step; answer once per login so an accepted (or
      // declined) consent is never shown twice.
      const asked = new WeakSet<LoginResult>()
      return ctx.hooks.afterAuthenticate.tap('portico', (result) => {
        const config = ctx.config()
        if (!config?.legal.requireUsersAcceptTerms) return undefined
        if (result.user.has_accepted_terms || asked.has(result)) return undefined
        asked.add(result)
        return { screen: PORTICO_SCREENS.terms }
      })
    },
  })
