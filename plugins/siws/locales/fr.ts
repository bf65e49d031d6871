/** French (fr) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Utilisez un autre portefeuille',
  SIWS_SIGNATURE_FAILED: 'Impossible de connecter le portefeuille',
  SIWS_NOT_SUPPORTED: 'Ce portefeuille ne peut pas se connecter avec un simple message texte.',
}
