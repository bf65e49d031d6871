/**
 * `portico/react`: the provider, the hooks host apps call, the modal shell, the built-in
 * `portico` plugin and the design system screens are built from.
 * @module
 */
export { PorticoProvider, withPorticoPlugin, type PorticoProviderProps, type ShadowOptions } from './provider'
export {
  usePortico,
  useLogin,
  useLogout,
  useLinkAccount,
  type UsePorticoResult,
  type UseLoginOptions,
  type UseLogoutOptions,
  type UseLinkAccountResult,
} from './hooks'
export { useKernel, useScreen, type ScreenProps } from './context'
export { PorticoModal, loadScreen, preloadScreens, type PorticoModalProps } from './modal/PorticoModal'
export { portico, PORTICO_SCREENS } from './plugin'
export { uiMessages, type UiMessageKey } from './messages/en'
export { landingItems, layoutLanding, MAX_LANDING_ITEMS, MAX_WEB2_ITEMS, type LandingItem, type LandingLayout } from './screens/landing-layout'
export { Button, buttonRecipe, type ButtonProps } from './components/Button'
export { CodeInput, type CodeInputProps, type CodeInputHandle, type CodeInputMessages } from './components/CodeInput'
export { ErrorText, type ErrorTextProps } from './components/ErrorText'
export { Link, linkStyle, type LinkProps } from './components/Link'
export { LoginMethodButton, type LoginMethodButtonProps } from './components/LoginMethodButton'
export { Modal, type ModalProps } from './components/Modal'
export { useModalIds, type ModalIds } from './components/modal-context'
export { Screen, type ScreenProps as ScreenLayoutProps } from './components/Screen'
export { Spinner, type SpinnerProps } from './components/Spinner'
export { TextInput, type TextInputProps } from './components/TextInput'
export { ThemeRoot, readableOn, type ThemeRootProps } from './components/ThemeRoot'
