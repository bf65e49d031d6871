/**
 * The transaction screens, for the plugin's definition: the screen table (each loaded when first
 * shown), their ids and their English texts (loaded with the first screen).
 * @module
 */
import type { ScreenDefinition } from '../../../kernel'

/** The transactions plugin's id: the prefix of its screen ids. */
export const TRANSACTIONS_PLUGIN_ID = 'transactions'

/** The screen ids. */
export const TRANSACTION_SCREENS = {
  /** The review of an EVM transaction before the embedded wallet signs it. */
  review: 'transactions/review',
  /** The sent transaction while it is mined, then its confirmation. */
  receipt: 'transactions/receipt',
  /** A failed send or a reverted transaction, with 'Retry transaction'. */
  error: 'transactions/error',
  /** The review of a Solana transaction, then for a send its confirmation, receipt and retry. */
  solana: 'transactions/solana',
} as const

/** The screens, by their id within the plugin. */
export const transactionScreens = {
  review: { load: () => import('./Review') },
  receipt: { load: () => import('./Receipt') },
  error: { load: () => import('./TransactionError') },
  solana: { load: () => import('./SolanaTransaction') },
} as const satisfies Record<string, ScreenDefinition>

/**
 * Loads the screens' English texts (the plugin's `screenMessages`).
 * @returns the message table.
 */
export const loadTransactionScreenMessages = () => import('./messages').then((m) => m.transactionScreenMessages)
