/** Simplified Chinese (zh-CN) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: '身份验证器应用',
  MFA_TOTP_DESCRIPTION: '来自 Google Authenticator 等应用的验证码',
  MFA_TOTP_PROMPT: '输入身份验证器应用中显示的 6 位验证码。',
  MFA_TOTP_ENROLL_TITLE: '设置身份验证器应用',
  MFA_TOTP_ENROLL_SUBTITLE: '用身份验证器应用扫描二维码，或手动输入密钥。',
  MFA_TOTP_QR_LABEL: '用于将此账户添加到身份验证器应用的二维码',
  MFA_TOTP_PREPARING: '正在准备…',
  MFA_TOTP_SECRET_LABEL: '设置密钥',
  MFA_TOTP_COPY: '复制密钥',
  MFA_TOTP_COPIED: '已复制',
  MFA_TOTP_CODE_PROMPT: '然后输入应用中显示的 6 位验证码。',
  MFA_TOTP_ADDED_TITLE: '已添加身份验证器应用',
  MFA_TOTP_ADDED_SUBTITLE: '在钱包签名或发送前，你需要输入该应用中的验证码。',
  MFA_TOTP_RETRY: '重试',
  MFA_TOTP_REMOVE_TITLE: '移除身份验证器应用？',
  MFA_TOTP_REMOVE_BODY: '身份验证器应用中的验证码将不再用于验证身份。',
}
