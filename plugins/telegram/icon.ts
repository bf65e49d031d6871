/**
 * The Telegram logo (a white paper plane on Telegram blue), as a data URI the landing row and the
 * Telegram screen draw.
 * @module
 */

/** Telegram's brand blue. */
export const TELEGRAM_BLUE = '#229ED9'

const PLANE =
  'M5.4 11.7 17.5 7c.56-.2 1.05.14.87.99l-2.06 9.7c-.15.69-.56.86-1.14.53l-3.15-2.32-1.52 1.46c-.17.17-.31.31-.63.31l.22-3.2 5.83-5.27c.25-.22-.06-.35-.39-.13l-7.2 4.54-3.1-.97c-.68-.21-.69-.68.14-1Z'

/**
 * The logo as an SVG data URI.
 * @example
 * ```ts
 * import { TELEGRAM_ICON } from 'portico/plugins/telegram'
 * TELEGRAM_ICON.startsWith('data:image/svg+xml') // true
 * ```
 */
export const TELEGRAM_ICON = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="${TELEGRAM_BLUE}"/><path fill="#fff" d="${PLANE}"/></svg>`,
)}`
