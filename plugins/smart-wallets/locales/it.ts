/** Italian (it) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'Lo sponsor di questa app ha rifiutato di pagare questa transazione.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'Il servizio di rete che invia le transazioni degli smart wallet non è raggiungibile.',
  SMART_WALLETS_REVERTED: 'La transazione è stata annullata (revert).',
  SMART_WALLETS_REVERTED_REASON: 'La transazione è stata annullata (revert): {reason}',
}
