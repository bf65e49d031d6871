/**
 * The passkey icon (a key with a person), as an SVG path for a 24×24 view box.
 * @module
 */

/** SVG path of the passkey icon. */
export const PASSKEY_ICON_PATH =
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6 9v-1a5 5 0 0 1 5-5h2.5M17 13a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Zm0 5v3.5m0-2h1.5'
