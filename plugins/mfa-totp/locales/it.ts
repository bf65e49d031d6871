/** Italian (it) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'App di autenticazione',
  MFA_TOTP_DESCRIPTION: 'Un codice da un’app come Google Authenticator',
  MFA_TOTP_PROMPT: 'Inserisci il codice di 6 cifre della tua app di autenticazione.',
  MFA_TOTP_ENROLL_TITLE: 'Configura l’app di autenticazione',
  MFA_TOTP_ENROLL_SUBTITLE: 'Scansiona il codice QR con la tua app di autenticazione oppure inserisci la chiave manualmente.',
  MFA_TOTP_QR_LABEL: 'Codice QR per aggiungere questo account alla tua app di autenticazione',
  MFA_TOTP_PREPARING: 'Preparazione…',
  MFA_TOTP_SECRET_LABEL: 'Chiave di configurazione',
  MFA_TOTP_COPY: 'Copia chiave',
  MFA_TOTP_COPIED: 'Copiata',
  MFA_TOTP_CODE_PROMPT: 'Poi inserisci il codice di 6 cifre che ti mostra.',
  MFA_TOTP_ADDED_TITLE: 'App di autenticazione aggiunta',
  MFA_TOTP_ADDED_SUBTITLE: 'Inserirai un codice dell’app prima che il tuo wallet firmi o invii qualcosa.',
  MFA_TOTP_RETRY: 'Riprova',
  MFA_TOTP_REMOVE_TITLE: 'Rimuovere l’app di autenticazione?',
  MFA_TOTP_REMOVE_BODY: 'I codici della tua app di autenticazione non verificheranno più la tua identità.',
}
