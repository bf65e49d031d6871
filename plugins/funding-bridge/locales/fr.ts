/** French (fr) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'Impossible d’obtenir des devis de bridge…',
  BRIDGE_SELECT_FAILED: 'Impossible de choisir une option de bridge parmi les devis…',
  BRIDGE_REJECTED: 'L’utilisateur a refusé la transaction',
  BRIDGE_UNSUPPORTED: 'Le bridge n’est pas pris en charge sur les testnets et devnets Solana',
}
