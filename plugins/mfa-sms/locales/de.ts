/** German (de) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Ein Code per SMS an Ihr Telefon',
  MFA_SMS_PROMPT: 'Geben Sie den 6-stelligen Code ein, den wir Ihnen per SMS gesendet haben.',
  MFA_SMS_ENROLL_TITLE: 'Telefonnummer hinzufügen',
  MFA_SMS_ENROLL_SUBTITLE: 'Wir senden einen Code per SMS an diese Nummer, wenn Ihre Wallet eine Bestätigung von Ihnen benötigt.',
  MFA_SMS_PHONE_LABEL: 'Telefonnummer',
  MFA_SMS_COUNTRY_LABEL: 'Land',
  MFA_SMS_SEND: 'Code senden',
  MFA_SMS_INVALID_PHONE: 'Ungültige Telefonnummer',
  MFA_SMS_CODE_TITLE: 'Code eingeben',
  MFA_SMS_CODE_SUBTITLE: 'Wir haben einen 6-stelligen Code per SMS an {phone} gesendet.',
  MFA_SMS_CHANGE_NUMBER: 'Andere Nummer verwenden',
  MFA_SMS_ADDED_TITLE: 'Bestätigung per SMS hinzugefügt',
  MFA_SMS_ADDED_SUBTITLE: 'Bevor Ihre Wallet signiert oder sendet, erhalten Sie einen Code per SMS.',
  MFA_SMS_REMOVE_TITLE: 'Bestätigung per SMS entfernen?',
  MFA_SMS_REMOVE_BODY: 'Codes per SMS bestätigen dann nicht mehr Ihre Identität.',
}
