/** German (de) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'Authenticator-App',
  MFA_TOTP_DESCRIPTION: 'Ein Code aus einer App wie Google Authenticator',
  MFA_TOTP_PROMPT: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  MFA_TOTP_ENROLL_TITLE: 'Authenticator-App einrichten',
  MFA_TOTP_ENROLL_SUBTITLE: 'Scannen Sie den QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel manuell ein.',
  MFA_TOTP_QR_LABEL: 'QR-Code, um dieses Konto zu Ihrer Authenticator-App hinzuzufügen',
  MFA_TOTP_PREPARING: 'Wird vorbereitet…',
  MFA_TOTP_SECRET_LABEL: 'Einrichtungsschlüssel',
  MFA_TOTP_COPY: 'Schlüssel kopieren',
  MFA_TOTP_COPIED: 'Kopiert',
  MFA_TOTP_CODE_PROMPT: 'Geben Sie dann den angezeigten 6-stelligen Code ein.',
  MFA_TOTP_ADDED_TITLE: 'Authenticator-App hinzugefügt',
  MFA_TOTP_ADDED_SUBTITLE: 'Bevor Ihre Wallet signiert oder sendet, geben Sie einen Code aus der App ein.',
  MFA_TOTP_RETRY: 'Erneut versuchen',
  MFA_TOTP_REMOVE_TITLE: 'Authenticator-App entfernen?',
  MFA_TOTP_REMOVE_BODY: 'Codes aus Ihrer Authenticator-App bestätigen dann nicht mehr Ihre Identität.',
}
