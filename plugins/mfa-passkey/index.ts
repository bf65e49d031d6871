/**
 * `portico/plugins/mfa-passkey`: the passkey MFA method. Enrolment: an intro, the list of the
 * user's passkeys to pick from (2 shown until 'View all'; 'Create a passkey' when there is none),
 * success; the picked passkeys show `enrolled_in_mfa` and cannot be unlinked while they verify MFA.
 * Verification runs the device's passkey prompt. Registers itself with the MFA core (`mfa()`, added
 * with default options when the host did not register it); creating a passkey needs the `passkey()`
 * plugin's routes on the server.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { mfa, mfaHooks } from '../mfa'
import { mfaPasskeyRoutes } from './api'
import { mfaPasskeyMessages } from './messages/en'
import { passkeyMethod } from './method'

export { mfaPasskeyRoutes } from './api'
export { mfaPasskeyMessages, type MfaPasskeyMessageKey } from './messages/en'
export { passkeyMethod, verifyWithPasskey, MFA_PASSKEYS_COLLAPSED } from './method'

/** The plugin's id. */
export const MFA_PASSKEY_PLUGIN_ID = 'mfa-passkey'

/**
 * The passkey MFA method.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { passkey } from 'portico/plugins/passkey'
 * import { mfaPasskey } from 'portico/plugins/mfa-passkey'
 * <PorticoProvider appId="..." plugins={[email(), passkey(), embeddedWallets(), mfaPasskey()]}>...</PorticoProvider>
 * ```
 */
export const mfaPasskey = () =>
  definePlugin({
    id: MFA_PASSKEY_PLUGIN_ID,
    kind: 'mfa',
    requires: [mfa()],
    api: mfaPasskeyRoutes,
    screens: { enroll: { load: () => import('./screens/PasskeyEnroll') } },
    messages: mfaPasskeyMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      return mfaHooks(ctx).methods.tap(MFA_PASSKEY_PLUGIN_ID, (methods) => [...methods, passkeyMethod(ctx)])
    },
  })
