/**
 * `portico/react/components`: the modal shell and the design system every screen is built from, for
 * plugin authors writing screens. Host apps rarely import it: the provider loads the modal lazily.
 * @module
 */
export { PorticoModal, ModalRoot, loadScreen, preloadScreens, type PorticoModalProps } from './modal/PorticoModal'
export { Button, buttonRecipe, type ButtonProps } from './components/Button'
export { CodeInput, type CodeInputProps, type CodeInputHandle, type CodeInputMessages } from './components/CodeInput'
export { ErrorText, type ErrorTextProps } from './components/ErrorText'
export { IconBadge, BadgeGlyph, ERROR_GLYPH, type IconBadgeProps, type IconBadgeTone } from './components/IconBadge'
export { QrCode, type QrCodeProps } from './components/QrCode'
export { SelectButton, type SelectButtonProps, type SelectOption } from './components/SelectButton'
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
// The code-entry machine behind PasscodeScreen, for code screens of other plugins. Not in `portico/react`:
// what that entry re-exports lands in a host page's first chunk, and the machine is only needed once a
// code screen or form is used.
export {
  CodeEntry,
  codeEntryFor,
  useCodeEntryState,
  CODE_RESEND_COOLDOWN_S,
  CODE_ENTRY_STEPS,
  type CodeEntryMethod,
  type CodeEntryState,
  type CodeEntryStatus,
  type CodeSendOptions,
} from './code-entry'
