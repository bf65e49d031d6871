/** Spanish (es) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'El patrocinador de esta app se ha negado a pagar esta transacción.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'No se puede acceder al servicio de red que envía las transacciones de las billeteras inteligentes.',
  SMART_WALLETS_REVERTED: 'La transacción se ha revertido.',
  SMART_WALLETS_REVERTED_REASON: 'La transacción se ha revertido: {reason}',
}
