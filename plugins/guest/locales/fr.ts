/** French (fr) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'L’association n’est pas disponible en mode invité',
  GUEST_DISABLED: 'L’accès invité n’est pas activé pour cette application.',
  GUEST_INVALID_CREDENTIAL: 'Votre clé d’invité n’a pas été acceptée. Veuillez réessayer.',
  GUEST_SIGN_IN_FAILED: 'Impossible de continuer en tant qu’invité. Veuillez réessayer.',
  GUEST_METHOD_LABEL: 'Continuer en tant qu’invité',
  GUEST_WORKING_TITLE: 'Connexion en tant qu’invité',
  GUEST_WORKING_SUBTITLE: 'Création de votre compte invité sur cet appareil.',
  GUEST_WORKING: 'Connexion en cours',
  GUEST_SUCCESS_TITLE: 'C’est fait\u202f!',
  GUEST_SUCCESS_SUBTITLE: 'Tout est prêt\u202f!',
  GUEST_ERROR_TITLE: 'Impossible de continuer en tant qu’invité',
}
