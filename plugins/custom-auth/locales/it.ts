/** Italian (it) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'Il collegamento non è disponibile per l’accesso come ospite',
  CUSTOM_AUTH_INVALID_TOKEN: 'Impossibile verificare la tua sessione con questa app.',
  CUSTOM_AUTH_NOT_ENABLED: 'L’accesso con gli account di questa app non è attivo.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Impossibile leggere la tua sessione con questa app.',
  CUSTOM_AUTH_FAILED: 'Impossibile farti accedere con la tua sessione di questa app.',
}
