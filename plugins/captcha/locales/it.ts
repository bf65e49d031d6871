/** Italian (it) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Riprova.',
  CAPTCHA_FAILED: 'Non hai superato il CAPTCHA. Riprova.',
  CAPTCHA_TIMEOUT: 'CAPTCHA non riuscito',
  CAPTCHA_ERROR: 'CAPTCHA non riuscito',
  CAPTCHA_GENERIC: 'Si è verificato un problema',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Chiave del sito CAPTCHA non supportata',
  CAPTCHA_TITLE: 'Verifichiamo che tu sia una persona',
  CAPTCHA_SUBTITLE: 'Ci vorrà solo un attimo.',
  CAPTCHA_INTERACTIVE_TITLE: 'Conferma di essere una persona',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Completa la verifica qui sotto per continuare.',
  CAPTCHA_SUCCESS: 'Verificato',
  CAPTCHA_ERROR_TITLE: 'Verifica non riuscita',
  CAPTCHA_RETRYING: 'Nuovo tentativo in corso…',
  CAPTCHA_HINT: 'Ancora non funziona? Disattiva l’adblocker o la VPN e riprova.',
  CAPTCHA_TRY_AGAIN: 'Riprova',
  CAPTCHA_CANCEL: 'Annulla',
}
