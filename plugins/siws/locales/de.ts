/** German (de) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Andere Wallet verwenden',
  SIWS_SIGNATURE_FAILED: 'Wallet konnte nicht verbunden werden',
  SIWS_NOT_SUPPORTED: 'Diese Wallet kann sich nicht mit einer einfachen Nachricht anmelden.',
}
