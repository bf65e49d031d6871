/** German (de) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'Der Sponsor dieser App hat es abgelehnt, die Kosten dieser Transaktion zu übernehmen.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'Der Netzwerkdienst, der die Transaktionen von Smart Wallets sendet, ist nicht erreichbar.',
  SMART_WALLETS_REVERTED: 'Die Transaktion wurde rückgängig gemacht.',
  SMART_WALLETS_REVERTED_REASON: 'Die Transaktion wurde rückgängig gemacht: {reason}',
}
