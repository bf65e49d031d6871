/**
 * `portico/react/components`: the modal shell and the design system every screen is built from, for
 * plugin authors writing screens. Host apps rarely import it: the provider loads the modal lazily.
 * @module
 */
export { PorticoModal, ModalRoot, loadScreen, preloadScreens, type PorticoModalProps } from './modal/PorticoModal'
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
export { porticoRecipes, porticoTokens } from './styles'
export { PasscodeScreen, RESEND_COOLDOWN_S, DESTINATION_SLOT, errorCode, type PasscodeScreenProps, type PasscodeTexts } from './components/PasscodeScreen'
