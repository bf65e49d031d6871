/**
 * `portico/react`: the provider, the hooks host apps call and the built-in `portico` plugin. The
 * modal shell and the design system screens are built from are in `portico/react/components`, and
 * load lazily, so a host page's first load carries neither.
 * @module
 */
export { PorticoProvider, withPorticoPlugin, type PorticoProviderProps, type ShadowOptions } from './provider'
export {
  usePortico,
  useLogin,
  useLogout,
  useLinkAccount,
  useIdentityToken,
  useSessions,
  type IdentityTokenClaims,
  type UseIdentityTokenResult,
  type UsePorticoResult,
  type LoginOptions,
  type LoginArgument,
  type UseLoginOptions,
  type UseLogoutOptions,
  type UseLinkAccountResult,
  type UseSessionsResult,
} from './hooks'
// The wallets plugin's host hooks, also here for hosts that import them from `portico/react`: their
// module holds only the hooks (names and types from the plugin), and a page that does not call them
// drops them when bundled.
export { useWallets, useConnectWallet, type UseWalletsResult, type ConnectWalletOptions } from '../plugins/wallets/react'
export { useKernel, useScreen, usePorticoState, useBackHandler, useOutcome, type ScreenContext, type ScreenProps, type PorticoState } from './context'
export { portico, PORTICO_SCREENS } from './plugin'
export { lightTheme, darkTheme, type PorticoTheme, type ThemeOptions } from './theme'
export { uiMessages, type UiMessageKey } from './messages/en'
export { formatDecimal, formatUsd, parseDecimalInput, acceptsDecimalInput, formatDecimalInput } from './format'
export { landingItems, layoutLanding, MAX_LANDING_ITEMS, MAX_WEB2_ITEMS, type LandingItem, type LandingLayout, type LayoutOptions } from './screens/landing-layout'
export {
  usePasscodeLogin,
  HEADLESS_RESEND_COOLDOWN_S,
  type PasscodeLoginState,
  type PasscodeLoginStatus,
  type PasscodeMethod,
} from './passcode-login'
