/** Arabic (ar) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'رسالة نصية (SMS)',
  MFA_SMS_DESCRIPTION: 'رمز يُرسل إلى هاتفك في رسالة نصية',
  MFA_SMS_PROMPT: 'أدخل الرمز المكوّن من 6 أرقام الذي أرسلناه إلى هاتفك.',
  MFA_SMS_ENROLL_TITLE: 'أضف رقم هاتفك',
  MFA_SMS_ENROLL_SUBTITLE: 'سنرسل رمزًا إلى هذا الرقم في رسالة نصية كلما احتاجت محفظتك إلى تأكيد هويتك.',
  MFA_SMS_PHONE_LABEL: 'رقم الهاتف',
  MFA_SMS_COUNTRY_LABEL: 'البلد',
  MFA_SMS_SEND: 'إرسال الرمز',
  MFA_SMS_INVALID_PHONE: 'رقم الهاتف غير صالح',
  MFA_SMS_CODE_TITLE: 'أدخل الرمز',
  MFA_SMS_CODE_SUBTITLE: 'أرسلنا رمزًا مكوّنًا من 6 أرقام إلى {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'استخدام رقم آخر',
  MFA_SMS_ADDED_TITLE: 'تمت إضافة التحقق عبر SMS',
  MFA_SMS_ADDED_SUBTITLE: 'سنرسل إليك رمزًا في رسالة نصية قبل أن توقّع محفظتك أو ترسل أي شيء.',
  MFA_SMS_REMOVE_TITLE: 'هل تريد إزالة التحقق عبر SMS؟',
  MFA_SMS_REMOVE_BODY: 'لن تُستخدم الرموز المرسلة إلى هاتفك بعد الآن للتحقق من هويتك.',
}
