/**
 * English texts of the MFA core: one per error code (spec 02 §8 'Multi-factor', quoted), plus the
 * labels of its screens (listed in `docs/decisions.md`).
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The MFA core's English message table.
 * @example
 * ```ts
 * import { mfaMessages } from 'portico/plugins/mfa'
 * mfaMessages.MFA_INVALID_CODE // 'The code you entered is not valid'
 * ```
 */
export const mfaMessages = defineMessages({
  MFA_INVALID_CODE: 'The code you entered is not valid',
  MFA_MAX_ATTEMPTS: 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  MFA_TIMEOUT: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  MFA_CANCELED: 'Verification canceled',
  MFA_RETRY: 'MFA verification failed, retry.',
  MFA_UNKNOWN: 'Unknown error',
  MFA_SOMETHING_WRONG: 'Something went wrong.',
  MFA_ONLY_NUMBERS: 'Passcode can only be numbers',
  MFA_EXACT_LENGTH: 'Passcode must be exactly 6 numbers',
  MFA_CODE_LABEL: 'Verification code',
  MFA_VERIFY_TITLE: 'Verify your identity',
  MFA_VERIFY_CHOOSE: 'Choose how to confirm it is you.',
  MFA_VERIFY_OTHER: 'Use another method',
  MFA_VERIFY_DEVICE: 'Verify',
  MFA_VERIFIED_TITLE: 'Verified',
  MFA_VERIFIED_SUBTITLE: "You're good to go!",
  MFA_ATTEMPTS_LEFT: '{count} attempts left',
  MFA_ATTEMPT_LEFT: '1 attempt left',
  MFA_CLOSE: 'Close',
  MFA_INTRO_TITLE: 'Transaction Protection',
  MFA_INTRO_SUBTITLE: 'Add a second step to confirm it is you before your wallet signs or sends anything.',
  MFA_INTRO_POINT_SIGN: 'Your wallet asks for it before signing and sending.',
  MFA_INTRO_POINT_STOLEN: 'Someone with your login alone cannot move your funds.',
  MFA_CONTINUE: 'Continue',
  MFA_NOT_NOW: 'Not now',
  MFA_CHOOSE_TITLE: 'Choose a verification method',
  MFA_CHOOSE_SUBTITLE: 'You can add more than one.',
  MFA_ENROLLED: 'Enabled',
  MFA_REMOVE: 'Remove',
  MFA_REMOVE_NAMED: 'Remove {method}',
  MFA_DONE: 'Done',
  MFA_NO_METHODS: 'This app offers no verification method.',
  MFA_CANCEL: 'Cancel',
  MFA_REMOVED: '{method} removed',
})

/** A message key of the MFA core. */
export type MfaMessageKey = keyof typeof mfaMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof mfaMessages, true> {}
}
