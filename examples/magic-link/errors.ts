/**
 * Error codes of the magic-link login and how the modal reacts to each: the one place its errors
 * are mapped. Screens ask the kernel's error registry (`ctx.resolveError`), which reads this table.
 * Steps: `send` (asking for a link), `verify` (opening one).
 * @module
 */
import { defineErrorCodes } from 'portico/kernel'

/** The failure screen: the message and a way to ask for a new link. */
const FAILED_SCREEN = 'magic-link/failed'

/**
 * The magic-link error table. The verify call turns the server's `data.reason` into one of the first
 * four codes (see `./flow`); the others come from wire codes.
 * @example
 * ```ts
 * import { MAGIC_LINK_ERRORS } from './errors'
 * MAGIC_LINK_ERRORS.MAGIC_LINK_EXPIRED.screen // 'magic-link/failed'
 * ```
 */
export const MAGIC_LINK_ERRORS = defineErrorCodes('MAGIC_LINK', {
  /** The link is older than the app's `magicLink.ttlMinutes`. */
  MAGIC_LINK_EXPIRED: { screen: FAILED_SCREEN, retryable: true, message: 'MAGIC_LINK_EXPIRED' },
  /** The link signed someone in already. */
  MAGIC_LINK_USED: { screen: FAILED_SCREEN, retryable: true, message: 'MAGIC_LINK_USED' },
  /** The link was asked for in another browser (its verifier is not here). */
  MAGIC_LINK_OTHER_BROWSER: { screen: FAILED_SCREEN, retryable: true, message: 'MAGIC_LINK_OTHER_BROWSER' },
  /** Unknown, replaced by a newer link, or any other refusal of the token. */
  MAGIC_LINK_INVALID: { from: ['invalid_credentials'], steps: ['verify'], screen: FAILED_SCREEN, retryable: true, message: 'MAGIC_LINK_INVALID' },
  /** The address failed the server's validation. */
  MAGIC_LINK_INVALID_ADDRESS: { from: ['invalid_data'], steps: ['send'], inline: true, message: 'MAGIC_LINK_INVALID_ADDRESS' },
  /** Any other failure while sending (what would otherwise be the generic error screen). */
  MAGIC_LINK_SEND_FAILED: { steps: ['send'], fallback: true, inline: true, retryable: true, message: 'MAGIC_LINK_SEND_FAILED' },
})

/** An error code of the magic-link plugin. */
export type MagicLinkErrorCode = keyof typeof MAGIC_LINK_ERRORS
