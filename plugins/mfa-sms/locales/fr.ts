/** French (fr) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Un code envoyé par SMS sur votre téléphone',
  MFA_SMS_PROMPT: 'Saisissez le code à 6 chiffres que nous vous avons envoyé par SMS.',
  MFA_SMS_ENROLL_TITLE: 'Ajoutez votre numéro de téléphone',
  MFA_SMS_ENROLL_SUBTITLE: 'Nous enverrons un code par SMS à ce numéro chaque fois que votre portefeuille aura besoin de confirmer votre identité.',
  MFA_SMS_PHONE_LABEL: 'Numéro de téléphone',
  MFA_SMS_COUNTRY_LABEL: 'Pays',
  MFA_SMS_SEND: 'Envoyer le code',
  MFA_SMS_INVALID_PHONE: 'Numéro de téléphone non valide',
  MFA_SMS_CODE_TITLE: 'Saisissez le code',
  MFA_SMS_CODE_SUBTITLE: 'Nous avons envoyé un code à 6 chiffres par SMS au {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'Utiliser un autre numéro',
  MFA_SMS_ADDED_TITLE: 'Vérification par SMS ajoutée',
  MFA_SMS_ADDED_SUBTITLE: 'Nous vous enverrons un code par SMS avant que votre portefeuille ne signe ou n’envoie quoi que ce soit.',
  MFA_SMS_REMOVE_TITLE: 'Supprimer la vérification par SMS\u202f?',
  MFA_SMS_REMOVE_BODY: 'Les codes reçus par SMS ne permettront plus de vérifier votre identité.',
}
