/**
 * English texts of the magic-link plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from 'portico/kernel'

/**
 * The magic-link plugin's English message table. A host translates it by passing its own texts
 * under the same keys.
 * @example
 * ```ts
 * import { magicLinkMessages } from './messages/en'
 * magicLinkMessages.MAGIC_LINK_EXPIRED // 'This link has expired.'
 * ```
 */
export const magicLinkMessages = defineMessages({
  MAGIC_LINK_METHOD_LABEL: 'Email me a sign-in link',
  MAGIC_LINK_ACCOUNT_LABEL: 'Email address (sign-in link)',
  MAGIC_LINK_ENTRY_TITLE: 'Sign in with a link',
  MAGIC_LINK_ENTRY_SUBTITLE: "We'll email you a link that signs you in. No password, no code.",
  MAGIC_LINK_INPUT_LABEL: 'Email address',
  MAGIC_LINK_INPUT_PLACEHOLDER: 'your@email.com',
  MAGIC_LINK_SUBMIT: 'Send link',
  MAGIC_LINK_SENT_TITLE: 'Check your inbox',
  MAGIC_LINK_SENT_SUBTITLE: 'We sent a sign-in link to {email}. Open it in this browser within {minutes} minutes.',
  MAGIC_LINK_RESEND: 'Send another link',
  MAGIC_LINK_RESENT: 'A new link is on its way. Only the newest one works.',
  MAGIC_LINK_OTHER_ADDRESS: 'Use another address',
  MAGIC_LINK_VERIFYING: 'Signing you in…',
  MAGIC_LINK_FAILED_TITLE: "This link can't sign you in",
  MAGIC_LINK_TRY_AGAIN: 'Send a new link',
  MAGIC_LINK_EXPIRED: 'This link has expired. Ask for a new one: links work for a limited time.',
  MAGIC_LINK_USED: 'This link was already used. Each link signs you in once; ask for a new one.',
  MAGIC_LINK_OTHER_BROWSER: 'This link was asked for in another browser. Open it there, or ask for a new one here.',
  MAGIC_LINK_INVALID: 'This link is not valid, or a newer one replaced it. Ask for a new one.',
  MAGIC_LINK_INVALID_ADDRESS: 'Please enter a valid email address',
  MAGIC_LINK_SEND_FAILED: "We couldn't send the link. Please try again.",
})

/** A message key of the magic-link plugin. */
export type MagicLinkMessageKey = keyof typeof magicLinkMessages

// Declares the table's keys, so a misspelt key in `ctx.t`, a label or an error table is a type error.
declare module 'portico/kernel' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof magicLinkMessages, true> {}
}
