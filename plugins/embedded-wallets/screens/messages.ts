/**
 * English texts of the embedded-wallet screens. The texts spec 02 gives are quoted as it writes
 * them (`EMBEDDED_CREATE_FAILED_LOGIN_AGAIN` keeps its 'occured'); the others are listed in
 * `docs/decisions.md`.
 * @module
 */
import { defineMessages } from '../../../kernel'
import { KEY_FRAME_TEXTS } from '../../../protocols/wallet-frame'

/** The embedded-wallet screens' English message table (merged into the plugin's messages). */
export const embeddedWalletScreenMessages = defineMessages({
  // Shared
  EMBEDDED_CONTINUE: 'Continue',
  EMBEDDED_BACK: 'Back',
  EMBEDDED_CANCEL: 'Cancel',
  EMBEDDED_CLOSE: 'Close',
  EMBEDDED_DONE: 'Done',
  EMBEDDED_TRY_AGAIN: 'Try again',
  EMBEDDED_NOT_NOW: 'Not now',
  EMBEDDED_SLOW: 'Still working. This can take a few seconds…',
  EMBEDDED_ERROR_OCCURRED: 'An error has occurred, please try again.',

  // On account create, Created
  EMBEDDED_CREATING_TITLE: 'Creating your wallet',
  EMBEDDED_CREATING_DETAIL: 'Setting up a secure wallet for your account.',
  EMBEDDED_CREATE_FAILED_TITLE: 'Failed to create wallet',
  EMBEDDED_CREATE_FAILED_LOGIN_AGAIN: 'An error has occured, please login again.',
  EMBEDDED_CREATED_NEW_TITLE: 'Welcome to {app}',
  EMBEDDED_CREATED_TITLE: 'All set!',
  EMBEDDED_CREATED_DETAIL: 'Your wallet is ready.',

  // Recovery selection, automatic recovery, why secure
  EMBEDDED_RECOVERY_SELECT_TITLE: 'Choose a recovery method',
  EMBEDDED_RECOVERY_SELECT_DETAIL: 'Back up your wallet so you can recover it on a new device.',
  EMBEDDED_RECOVERY_METHODS_LABEL: 'Recovery methods',
  EMBEDDED_RECOVERY_PASSWORD: 'Back up with a password',
  EMBEDDED_RECOVERY_GOOGLE_DRIVE: 'Back up to Google Drive',
  EMBEDDED_RECOVERY_ICLOUD: 'Back up to iCloud',
  EMBEDDED_RECOVERY_AUTOMATIC: 'Secure automatically',
  EMBEDDED_RECOVERY_COMING_LATER: 'Coming later',
  EMBEDDED_AUTOMATIC_TITLE: 'Automatically secure your account',
  EMBEDDED_AUTOMATIC_DETAIL: '{app} keeps a backup key for your wallet, so logging in is all it takes to use it on a new device.',
  EMBEDDED_WHY_LINK: 'Why secure my account',
  EMBEDDED_WHY_TITLE: 'Why secure my account',
  EMBEDDED_WHY_DETAIL:
    'Your wallet lives on this device. A backup that only you hold lets you recover it if you lose this device or log in somewhere new.',
  EMBEDDED_SET_RECOVERY_FAILED_TITLE: 'Unable to set recovery on wallet',

  // Password wizard
  EMBEDDED_PASSWORD_STEP: 'Step {step} of {count}',
  EMBEDDED_PASSWORD_CREATE_TITLE: 'Create a password',
  EMBEDDED_PASSWORD_CHANGE_TITLE: 'Change your password',
  EMBEDDED_PASSWORD_CREATE_DETAIL: 'Your password secures your wallet. You will need it to use your wallet on a new device.',
  EMBEDDED_PASSWORD_LABEL: 'Password',
  EMBEDDED_PASSWORD_PLACEHOLDER: 'Enter a password',
  EMBEDDED_PASSWORD_SHOW: 'Show password',
  EMBEDDED_PASSWORD_RULES: 'At least 6 characters: letters, numbers and ! @ # $ % ^ & * ( ) - _ + .',
  EMBEDDED_PASSWORD_TOO_SHORT: 'Password must be at least 6 characters',
  EMBEDDED_PASSWORD_INVALID_CHARACTERS: 'Invalid characters used ( {characters} )',
  EMBEDDED_PASSWORD_STRENGTH: 'Password strength',
  EMBEDDED_PASSWORD_WEAK: 'Weak',
  EMBEDDED_PASSWORD_MEDIUM: 'Medium',
  EMBEDDED_PASSWORD_STRONG: 'Strong',
  EMBEDDED_PASSWORD_SAVE_TITLE: 'Save your password',
  EMBEDDED_PASSWORD_SAVE_DETAIL: 'Keep it somewhere safe, such as a password manager. It cannot be reset.',
  EMBEDDED_PASSWORD_YOUR_PASSWORD: 'Your password',
  EMBEDDED_PASSWORD_COPY: 'Copy',
  EMBEDDED_PASSWORD_COPIED: 'Copied',
  EMBEDDED_PASSWORD_COPY_FAILED: 'Could not copy. Select the password and copy it yourself.',
  EMBEDDED_PASSWORD_DOWNLOAD: 'Download',
  EMBEDDED_PASSWORD_DOWNLOADED: 'Downloaded',
  EMBEDDED_PASSWORD_FILE_TEXT:
    'Your {app} wallet recovery password:\n\n{password}\n\nKeep this file somewhere safe. With this password and your {app} login, anyone can use your wallet.\n',
  EMBEDDED_PASSWORD_CONFIRM_TITLE: 'Confirm your password',
  EMBEDDED_PASSWORD_CONFIRM_DETAIL: 'Enter your password again to make sure you saved it correctly.',
  EMBEDDED_PASSWORD_CONFIRM_LABEL: 'Confirm password',
  EMBEDDED_PASSWORD_CONFIRM_PLACEHOLDER: 'Enter your password again',
  EMBEDDED_PASSWORD_MISMATCH: 'Passwords do not match',
  EMBEDDED_PASSWORD_FINAL_TITLE: 'Confirm you saved your password',
  EMBEDDED_PASSWORD_FINAL_DETAIL: 'Nobody can recover your password for you, not even {app}.',
  EMBEDDED_PASSWORD_ACKNOWLEDGE: 'I understand that if I lose my password and this device, I lose access to my wallet.',
  EMBEDDED_PASSWORD_SUBMIT: 'Set password',
  EMBEDDED_PASSWORD_DONE_TITLE: 'Password set',
  EMBEDDED_PASSWORD_DONE_DETAIL: 'Your wallet is now secured with your password.',

  // Password update splash
  EMBEDDED_SPLASH_TITLE: 'Secure Your Account',
  EMBEDDED_SPLASH_DETAIL: 'Add a password to back up your wallet yourself. You will need it to use your wallet on a new device.',
  EMBEDDED_SPLASH_ADD: 'Add password',

  // Password recovery
  EMBEDDED_RECOVER_TITLE: 'Enter your password',
  EMBEDDED_RECOVER_DETAIL: 'Enter the password that secures your wallet to use it on this device.',
  EMBEDDED_RECOVER_SUBMIT: 'Recover your account',
  EMBEDDED_RECOVER_INVALID: 'Invalid recovery password, please try again.',

  // Sign request
  EMBEDDED_SIGN_TITLE: 'Sign message',
  EMBEDDED_SIGN_DESCRIPTION: 'Signing this message will not cost you any fees.',
  EMBEDDED_SIGN_BUTTON: 'Sign and continue',
  EMBEDDED_SIGN_WALLET: 'Wallet',
  EMBEDDED_SIGN_MESSAGE: 'Message',
  EMBEDDED_SIGN_HEX_NOTE: 'This message is not readable text, so it is shown as hex.',
  EMBEDDED_SIGN_DETAILS: 'Request details',
  EMBEDDED_SIGN_DOMAIN_NAME: 'App',
  EMBEDDED_SIGN_DOMAIN_VERSION: 'Version',
  EMBEDDED_SIGN_DOMAIN_CHAIN: 'Chain ID',
  EMBEDDED_SIGN_DOMAIN_CONTRACT: 'Contract',
  EMBEDDED_SIGN_DOMAIN_SALT: 'Salt',
  EMBEDDED_SIGN_PRIMARY_TYPE: 'Type',
  // Export and import (spec 02 titles key export 'Transfer wallet'; the other texts are ours)
  EMBEDDED_EXPORT_TITLE: 'Transfer wallet',
  EMBEDDED_CONNECTING: 'Connecting your wallet…',
  EMBEDDED_CONNECT_FAILED: "Something went wrong. We're on it. Please try again later.",
  EMBEDDED_EXPORT_DETAIL: 'Copy your private key into another wallet app to use this wallet there. It is shown only inside this secure frame.',
  EMBEDDED_EXPORT_PHRASE_DETAIL: 'Copy your recovery phrase into another wallet app to use this wallet there. It is shown only inside this secure frame.',
  EMBEDDED_EXPORT_FRAME: 'Export wallet',
  EMBEDDED_EXPORT_REAUTH: 'For your security, log in again before you export your wallet.',
  EMBEDDED_IMPORT_TITLE: 'Import wallet',
  EMBEDDED_IMPORT_DETAIL: 'Enter the private key of the wallet to import. It goes only to the secure frame, never to this app.',
  EMBEDDED_IMPORT_FRAME: 'Import wallet',
  // Inside the key frame (EMBEDDED_KEY_*): the frame's own English table, which the frame shows when
  // the host sends no text; the host sends these keys in the widget's locale with each request.
  ...KEY_FRAME_TEXTS,

  // Recovery via OAuth (Google Drive, iCloud)
  EMBEDDED_CLOUD_GOOGLE_DRIVE: 'Google Drive',
  EMBEDDED_CLOUD_ICLOUD: 'iCloud',
  EMBEDDED_CLOUD_BACKUP_TITLE: 'Back up to {provider}',
  EMBEDDED_CLOUD_RECOVER_TITLE: 'Recover with {provider}',
  EMBEDDED_CLOUD_CONFIRM_BACKUP: 'Confirm your identity with {provider}. A key to your wallet is saved in your {provider}, where only you can reach it.',
  EMBEDDED_CLOUD_CONFIRM_RECOVER: 'Confirm your identity with {provider} to use your wallet on this device.',
  EMBEDDED_CLOUD_CONTINUE: 'Continue with {provider}',
  EMBEDDED_CLOUD_WAITING: 'Finish signing in to {provider} in the window that opened.',
  EMBEDDED_CLOUD_BACKING_UP: 'Backing up your wallet',
  EMBEDDED_CLOUD_RECOVERING: 'Recovering your wallet',
  EMBEDDED_CLOUD_BACKED_UP: 'Your wallet is backed up to {provider}.',
  EMBEDDED_CLOUD_RECOVERED: 'Your wallet is ready on this device.',
  EMBEDDED_CLOUD_RECOVER_FAILED_TITLE: 'Unable to recover wallet',
  EMBEDDED_CLOUD_DENIED: 'User denied',
  EMBEDDED_CLOUD_POPUP_BLOCKED: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  EMBEDDED_CLOUD_POPUP_CLOSED: 'The sign-in window was closed before you finished.',
})

/** A message key of the embedded-wallet screens. */
export type EmbeddedWalletScreenMessageKey = keyof typeof embeddedWalletScreenMessages

declare module '../../../kernel' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof embeddedWalletScreenMessages, true> {}
}
