/** French (fr) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Veuillez réessayer.',
  CAPTCHA_FAILED: 'Vous n’avez pas réussi le CAPTCHA. Veuillez réessayer.',
  CAPTCHA_TIMEOUT: 'Échec du CAPTCHA',
  CAPTCHA_ERROR: 'Échec du CAPTCHA',
  CAPTCHA_GENERIC: 'Un problème est survenu',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Clé de site CAPTCHA non prise en charge',
  CAPTCHA_TITLE: 'Vérification que vous êtes humain',
  CAPTCHA_SUBTITLE: 'Cela ne prend qu’un instant.',
  CAPTCHA_INTERACTIVE_TITLE: 'Confirmez que vous êtes humain',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Effectuez la vérification ci-dessous pour continuer.',
  CAPTCHA_SUCCESS: 'Vérifié',
  CAPTCHA_ERROR_TITLE: 'Échec de la vérification',
  CAPTCHA_RETRYING: 'Nouvelle tentative…',
  CAPTCHA_HINT: 'Toujours pas\u202f? Désactivez votre bloqueur de publicités ou votre VPN, puis réessayez.',
  CAPTCHA_TRY_AGAIN: 'Réessayer',
  CAPTCHA_CANCEL: 'Annuler',
}
