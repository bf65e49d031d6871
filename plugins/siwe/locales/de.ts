/** German (de) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Andere Wallet verwenden',
  SIWE_SIGNATURE_FAILED: 'Wallet konnte nicht verbunden werden',
}
