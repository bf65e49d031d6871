/** Italian (it) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'Il collegamento non è disponibile per l’accesso come ospite',
  GUEST_DISABLED: 'L’accesso come ospite non è attivo per questa app.',
  GUEST_INVALID_CREDENTIAL: 'La tua chiave ospite non è stata accettata. Riprova.',
  GUEST_SIGN_IN_FAILED: 'Impossibile continuare come ospite. Riprova.',
  GUEST_METHOD_LABEL: 'Continua come ospite',
  GUEST_WORKING_TITLE: 'Accesso come ospite',
  GUEST_WORKING_SUBTITLE: 'Stiamo configurando il tuo account ospite su questo dispositivo.',
  GUEST_WORKING: 'Accesso in corso',
  GUEST_SUCCESS_TITLE: 'Fatto!',
  GUEST_SUCCESS_SUBTITLE: 'Tutto pronto!',
  GUEST_ERROR_TITLE: 'Impossibile continuare come ospite',
}
