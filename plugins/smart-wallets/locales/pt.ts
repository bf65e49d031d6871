/** Brazilian Portuguese (pt) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'O patrocinador deste app recusou pagar por esta transação.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'Não foi possível acessar o serviço de rede que envia as transações das carteiras inteligentes.',
  SMART_WALLETS_REVERTED: 'A transação foi revertida.',
  SMART_WALLETS_REVERTED_REASON: 'A transação foi revertida: {reason}',
}
