/** French (fr) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'Application d’authentification',
  MFA_TOTP_DESCRIPTION: 'Un code généré par une application comme Google Authenticator',
  MFA_TOTP_PROMPT: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  MFA_TOTP_ENROLL_TITLE: 'Configurez votre application d’authentification',
  MFA_TOTP_ENROLL_SUBTITLE: 'Scannez le QR code avec votre application d’authentification ou saisissez la clé manuellement.',
  MFA_TOTP_QR_LABEL: 'QR code pour ajouter ce compte à votre application d’authentification',
  MFA_TOTP_PREPARING: 'Préparation…',
  MFA_TOTP_SECRET_LABEL: 'Clé de configuration',
  MFA_TOTP_COPY: 'Copier la clé',
  MFA_TOTP_COPIED: 'Copiée',
  MFA_TOTP_CODE_PROMPT: 'Saisissez ensuite le code à 6 chiffres qu’elle affiche.',
  MFA_TOTP_ADDED_TITLE: 'Application d’authentification ajoutée',
  MFA_TOTP_ADDED_SUBTITLE: 'Vous saisirez un code de cette application avant que votre portefeuille ne signe ou n’envoie quoi que ce soit.',
  MFA_TOTP_RETRY: 'Réessayer',
  MFA_TOTP_REMOVE_TITLE: 'Supprimer l’application d’authentification\u202f?',
  MFA_TOTP_REMOVE_BODY: 'Les codes de votre application d’authentification ne permettront plus de vérifier votre identité.',
}
