/** Spanish (es) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'App de autenticación',
  MFA_TOTP_DESCRIPTION: 'Un código de una app como Google Authenticator',
  MFA_TOTP_PROMPT: 'Introduce el código de 6 dígitos de tu app de autenticación.',
  MFA_TOTP_ENROLL_TITLE: 'Configura tu app de autenticación',
  MFA_TOTP_ENROLL_SUBTITLE: 'Escanea el código QR con tu app de autenticación o introduce la clave manualmente.',
  MFA_TOTP_QR_LABEL: 'Código QR para añadir esta cuenta a tu app de autenticación',
  MFA_TOTP_PREPARING: 'Preparando…',
  MFA_TOTP_SECRET_LABEL: 'Clave de configuración',
  MFA_TOTP_COPY: 'Copiar clave',
  MFA_TOTP_COPIED: 'Copiada',
  MFA_TOTP_CODE_PROMPT: 'Después, introduce el código de 6 dígitos que muestre.',
  MFA_TOTP_ADDED_TITLE: 'App de autenticación añadida',
  MFA_TOTP_ADDED_SUBTITLE: 'Introducirás un código de la app antes de que tu billetera firme o envíe algo.',
  MFA_TOTP_RETRY: 'Reintentar',
  MFA_TOTP_REMOVE_TITLE: '¿Quitar la app de autenticación?',
  MFA_TOTP_REMOVE_BODY: 'Los códigos de tu app de autenticación ya no verificarán tu identidad.',
}
