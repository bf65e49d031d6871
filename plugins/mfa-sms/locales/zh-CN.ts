/** Simplified Chinese (zh-CN) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: '短信',
  MFA_SMS_DESCRIPTION: '通过短信发送到你手机的验证码',
  MFA_SMS_PROMPT: '输入我们通过短信发送到你手机的 6 位验证码。',
  MFA_SMS_ENROLL_TITLE: '添加手机号',
  MFA_SMS_ENROLL_SUBTITLE: '当钱包需要确认是你本人时，我们会向此号码发送短信验证码。',
  MFA_SMS_PHONE_LABEL: '手机号',
  MFA_SMS_COUNTRY_LABEL: '国家/地区',
  MFA_SMS_SEND: '发送验证码',
  MFA_SMS_INVALID_PHONE: '手机号无效',
  MFA_SMS_CODE_TITLE: '输入验证码',
  MFA_SMS_CODE_SUBTITLE: '我们已向 {phone} 发送了 6 位验证码。',
  MFA_SMS_CHANGE_NUMBER: '使用其他号码',
  MFA_SMS_ADDED_TITLE: '已添加短信验证',
  MFA_SMS_ADDED_SUBTITLE: '在钱包签名或发送前，我们会向你发送短信验证码。',
  MFA_SMS_REMOVE_TITLE: '移除短信验证？',
  MFA_SMS_REMOVE_BODY: '发送到你手机的短信验证码将不再用于验证身份。',
}
