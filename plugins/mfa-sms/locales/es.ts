/** Spanish (es) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Un código por SMS a tu teléfono',
  MFA_SMS_PROMPT: 'Introduce el código de 6 dígitos que te hemos enviado por SMS.',
  MFA_SMS_ENROLL_TITLE: 'Añade tu número de teléfono',
  MFA_SMS_ENROLL_SUBTITLE: 'Te enviaremos un código por SMS a este número cuando tu billetera necesite confirmar que eres tú.',
  MFA_SMS_PHONE_LABEL: 'Número de teléfono',
  MFA_SMS_COUNTRY_LABEL: 'País',
  MFA_SMS_SEND: 'Enviar código',
  MFA_SMS_INVALID_PHONE: 'Número de teléfono no válido',
  MFA_SMS_CODE_TITLE: 'Introduce el código',
  MFA_SMS_CODE_SUBTITLE: 'Hemos enviado un código de 6 dígitos por SMS al {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'Usar otro número',
  MFA_SMS_ADDED_TITLE: 'Verificación por SMS añadida',
  MFA_SMS_ADDED_SUBTITLE: 'Te enviaremos un código por SMS antes de que tu billetera firme o envíe algo.',
  MFA_SMS_REMOVE_TITLE: '¿Quitar la verificación por SMS?',
  MFA_SMS_REMOVE_BODY: 'Los códigos que recibas por SMS ya no verificarán tu identidad.',
}
