/** Italian (it) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Un codice inviato via SMS al tuo telefono',
  MFA_SMS_PROMPT: 'Inserisci il codice di 6 cifre che ti abbiamo inviato via SMS.',
  MFA_SMS_ENROLL_TITLE: 'Aggiungi il tuo numero di telefono',
  MFA_SMS_ENROLL_SUBTITLE: 'Ti invieremo un codice via SMS a questo numero quando il tuo wallet dovrà confermare che sei tu.',
  MFA_SMS_PHONE_LABEL: 'Numero di telefono',
  MFA_SMS_COUNTRY_LABEL: 'Paese',
  MFA_SMS_SEND: 'Invia codice',
  MFA_SMS_INVALID_PHONE: 'Numero di telefono non valido',
  MFA_SMS_CODE_TITLE: 'Inserisci il codice',
  MFA_SMS_CODE_SUBTITLE: 'Abbiamo inviato un codice di 6 cifre via SMS al numero {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'Usa un altro numero',
  MFA_SMS_ADDED_TITLE: 'Verifica via SMS aggiunta',
  MFA_SMS_ADDED_SUBTITLE: 'Ti invieremo un codice via SMS prima che il tuo wallet firmi o invii qualcosa.',
  MFA_SMS_REMOVE_TITLE: 'Rimuovere la verifica via SMS?',
  MFA_SMS_REMOVE_BODY: 'I codici inviati via SMS al tuo telefono non verificheranno più la tua identità.',
}
