/** French (fr) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Ce portefeuille ne prend pas en charge la signature de messages.',
  SOLANA_MESSAGE_NOT_STRING: 'Un message Solana doit être une chaîne de caractères.',
  SOLANA_INTERSTITIAL_TITLE: 'Ouvrir dans Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'Pour connecter votre portefeuille Phantom, continuez dans l’application Phantom.',
  SOLANA_CONTINUE: 'Continuer',
  SOLANA_STILL_HERE_TITLE: 'Toujours là\u202f?',
  SOLANA_STILL_HERE_DETAIL: 'Si Phantom ne s’est pas ouvert, réessayez ou installez l’application Phantom.',
  SOLANA_TRY_AGAIN: 'Réessayer',
  SOLANA_INSTALL_TITLE: 'Installer Phantom',
  SOLANA_INSTALL_DETAIL: 'Phantom n’est pas installé dans ce navigateur. Installez-le, puis rechargez cette page pour vous connecter.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Obtenir Phantom',
  SOLANA_LEARN_MORE: 'En savoir plus sur Phantom',
}
