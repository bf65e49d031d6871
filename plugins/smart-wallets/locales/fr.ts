/** French (fr) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'Le sponsor de cette application a refusé de payer cette transaction.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'Le service réseau qui envoie les transactions des portefeuilles intelligents est injoignable.',
  SMART_WALLETS_REVERTED: 'La transaction a été annulée (revert).',
  SMART_WALLETS_REVERTED_REASON: 'La transaction a été annulée (revert)\u00a0: {reason}',
}
