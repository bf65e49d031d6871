/** Brazilian Portuguese (pt) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'App autenticador',
  MFA_TOTP_DESCRIPTION: 'Um código de um app como o Google Authenticator',
  MFA_TOTP_PROMPT: 'Digite o código de 6 dígitos do seu app autenticador.',
  MFA_TOTP_ENROLL_TITLE: 'Configure seu app autenticador',
  MFA_TOTP_ENROLL_SUBTITLE: 'Escaneie o QR code com seu app autenticador ou digite a chave manualmente.',
  MFA_TOTP_QR_LABEL: 'QR code para adicionar esta conta ao seu app autenticador',
  MFA_TOTP_PREPARING: 'Preparando…',
  MFA_TOTP_SECRET_LABEL: 'Chave de configuração',
  MFA_TOTP_COPY: 'Copiar chave',
  MFA_TOTP_COPIED: 'Copiado',
  MFA_TOTP_CODE_PROMPT: 'Depois, digite o código de 6 dígitos que aparece nele.',
  MFA_TOTP_ADDED_TITLE: 'App autenticador adicionado',
  MFA_TOTP_ADDED_SUBTITLE: 'Você vai digitar um código dele antes de sua carteira assinar ou enviar algo.',
  MFA_TOTP_RETRY: 'Tentar novamente',
  MFA_TOTP_REMOVE_TITLE: 'Remover o app autenticador?',
  MFA_TOTP_REMOVE_BODY: 'Os códigos do seu app autenticador não vão mais verificar sua identidade.',
}
