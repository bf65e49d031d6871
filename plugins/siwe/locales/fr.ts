/** French (fr) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Utilisez un autre portefeuille',
  SIWE_SIGNATURE_FAILED: 'Impossible de connecter le portefeuille',
}
