/** Brazilian Portuguese (pt) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Um código enviado por SMS ao seu celular',
  MFA_SMS_PROMPT: 'Digite o código de 6 dígitos que enviamos por SMS ao seu celular.',
  MFA_SMS_ENROLL_TITLE: 'Adicione seu número de telefone',
  MFA_SMS_ENROLL_SUBTITLE: 'Vamos enviar um código por SMS para este número sempre que sua carteira precisar confirmar que é você.',
  MFA_SMS_PHONE_LABEL: 'Número de telefone',
  MFA_SMS_COUNTRY_LABEL: 'País',
  MFA_SMS_SEND: 'Enviar código',
  MFA_SMS_INVALID_PHONE: 'Número de telefone inválido',
  MFA_SMS_CODE_TITLE: 'Digite o código',
  MFA_SMS_CODE_SUBTITLE: 'Enviamos um código de 6 dígitos por SMS para {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'Usar outro número',
  MFA_SMS_ADDED_TITLE: 'Verificação por SMS adicionada',
  MFA_SMS_ADDED_SUBTITLE: 'Vamos enviar um código por SMS antes de sua carteira assinar ou enviar algo.',
  MFA_SMS_REMOVE_TITLE: 'Remover a verificação por SMS?',
  MFA_SMS_REMOVE_BODY: 'Os códigos enviados por SMS não vão mais verificar sua identidade.',
}
