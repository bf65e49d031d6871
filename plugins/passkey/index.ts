/**
 * The passkey login, client half: 'Continue with a passkey' on the landing screen, a screen that
 * logs in with a passkey or creates one (sign-up, or a link for a signed-in user), and a management
 * screen opened by `usePasskeys().manage()`. The WebAuthn library loads with the screens.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { passkeyRoutes } from './api'
import { PASSKEY_ERRORS } from './errors'
import { passkeyMessages } from './messages/en'
import { PASSKEY_ICON_PATH } from './icon'

export { PASSKEY_ERRORS, type PasskeyErrorCode } from './errors'
export { passkeyMessages, type PasskeyMessageKey } from './messages/en'
export { passkeyRoutes } from './api'
export { usePasskeys, type UsePasskeysResult } from './hooks'
export {
  useLinkWithPasskey,
  useUnlinkPasskey,
  useRenamePasskey,
  useLoginWithPasskey,
  useSignupWithPasskey,
  type UseLinkWithPasskeyResult,
  type UseUnlinkPasskeyResult,
  type UseRenamePasskeyResult,
  type UseLoginWithPasskeyResult,
  type PasskeyFlowState,
} from './react'
export {
  COLLAPSED_PASSKEYS,
  MAX_PASSKEYS,
  canAddPasskey,
  passkeysOf,
  visiblePasskeys,
  type PasskeyAccount,
} from './accounts'
export {
  PASSKEY_METHOD,
  addPasskey,
  loginWithPasskey,
  signUpWithPasskey,
  toPasskeyError,
  webAuthnSupported,
  type CeremonyStep,
} from './flows'
export {
  fromAuthenticationResponse,
  fromCreationOptions,
  fromRegistrationResponse,
  fromRequestOptions,
  toAuthenticationResponse,
  toCreationOptions,
  toRegistrationResponse,
  toRequestOptions,
  type WireAssertion,
  type WireAttestation,
  type WireAuthenticationOptions,
  type WireRegistrationOptions,
} from './convert'
export { parseUserAgent, type UserAgentInfo } from './user-agent'
export { PASSKEY_ICON_PATH } from './icon'

const login = { load: () => import('./screens/PasskeyLogin') }
const manage = { load: () => import('./screens/PasskeyManage') }

/**
 * The passkey login plugin.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { passkey } from 'portico/plugins/passkey'
 * <PorticoProvider appId="..." plugins={[email(), passkey()]}>...</PorticoProvider>
 * ```
 */
export const passkey = () =>
  definePlugin({
    id: 'passkey',
    kind: 'login',
    api: passkeyRoutes,
    screens: { login, manage },
    errors: PASSKEY_ERRORS,
    messages: passkeyMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: 'passkey',
        group: 'web2',
        label: 'PASSKEY_METHOD_LABEL',
        enabledBy: 'passkey_auth',
        screen: 'passkey/login',
        icon: PASSKEY_ICON_PATH,
        order: 16,
      },
    ],
  })
