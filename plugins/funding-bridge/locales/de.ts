/** German (de) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'Bridge-Angebote konnten nicht abgerufen werden…',
  BRIDGE_SELECT_FAILED: 'Aus den Angeboten konnte keine Bridge-Option ausgewählt werden…',
  BRIDGE_REJECTED: 'Die Transaktion wurde vom Nutzer abgelehnt',
  BRIDGE_UNSUPPORTED: 'Bridging wird in Solana-Testnets und -Devnets nicht unterstützt',
}
