/** French (fr) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'L’association n’est pas disponible en mode invité',
  CUSTOM_AUTH_INVALID_TOKEN: 'Impossible de vérifier votre session dans cette application.',
  CUSTOM_AUTH_NOT_ENABLED: 'La connexion avec les comptes propres à cette application n’est pas activée.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Impossible de lire votre session dans cette application.',
  CUSTOM_AUTH_FAILED: 'Impossible de vous connecter avec votre session de cette application.',
}
