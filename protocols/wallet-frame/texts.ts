/**
 * The export frame's texts: the English of every text it shows, by message key. The embedded-wallets
 * plugin merges this table into its screen messages (so locales translate it like any other key) and
 * sends the texts of the widget's locale with each `export` and `import` request; the frame shows a
 * text it was not sent, or was sent malformed, in the English here. One table, read by both sides.
 * @module
 */

/** The export frame's English texts, by message key. */
export const KEY_FRAME_TEXTS = {
  EMBEDDED_KEY_COPY: 'Copy',
  EMBEDDED_KEY_COPIED: 'Copied',
  EMBEDDED_KEY_COPY_FAILED: 'Could not copy. The text is selected: copy it with your keyboard.',
  EMBEDDED_KEY_PRIVATE_KEY: 'Private key',
  EMBEDDED_KEY_PRIVATE_KEY_TITLE: 'Your private key',
  EMBEDDED_KEY_PRIVATE_KEY_WARNING: 'Never share your private key. Anyone who has it controls your wallet.',
  EMBEDDED_KEY_PRIVATE_KEY_COPIED: 'Private key copied',
  EMBEDDED_KEY_PHRASE: 'Recovery phrase',
  EMBEDDED_KEY_PHRASE_TITLE: 'Your recovery phrase',
  EMBEDDED_KEY_PHRASE_WARNING: 'Never share your recovery phrase. Anyone who has it controls your wallet.',
  EMBEDDED_KEY_PHRASE_COPIED: 'Recovery phrase copied',
  EMBEDDED_KEY_IMPORT_TITLE: 'Import a wallet',
  EMBEDDED_KEY_FORMAT_ETHEREUM: 'Ethereum private key (64 hexadecimal characters)',
  EMBEDDED_KEY_FORMAT_SOLANA: 'Solana private key (base58)',
  EMBEDDED_KEY_INVALID: 'This is not a valid private key. Check it and try again.',
  EMBEDDED_KEY_IMPORT: 'Import',
  EMBEDDED_KEY_IMPORT_FAILED: 'The wallet could not be imported. Please try again.',
  EMBEDDED_KEY_IMPORTED: 'Wallet imported',
} as const

/** A key of the export frame's texts. */
export type KeyFrameTextKey = keyof typeof KEY_FRAME_TEXTS

/** The texts a host sends the export frame: some or all of its keys, in the widget's locale. */
export type KeyFrameTexts = Partial<Record<KeyFrameTextKey, string>>

/** The longest text the frame takes; a longer one shows in English. */
export const MAX_KEY_FRAME_TEXT_LENGTH = 300

/**
 * What the host sends with an `export` or `import` request so the frame speaks the widget's
 * language: the texts, the locale's tag (the frame document's `lang`) and its direction (`dir`;
 * the key or phrase field stays left to right).
 */
export interface KeyFrameLocale {
  texts?: KeyFrameTexts
  lang?: string
  dir?: 'ltr' | 'rtl'
}
