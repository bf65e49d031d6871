/** Arabic (ar) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'تطبيق المصادقة',
  MFA_TOTP_DESCRIPTION: 'رمز من تطبيق مثل Google Authenticator',
  MFA_TOTP_PROMPT: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.',
  MFA_TOTP_ENROLL_TITLE: 'إعداد تطبيق المصادقة',
  MFA_TOTP_ENROLL_SUBTITLE: 'امسح رمز QR باستخدام تطبيق المصادقة، أو أدخل المفتاح يدويًا.',
  MFA_TOTP_QR_LABEL: 'رمز QR لإضافة هذا الحساب إلى تطبيق المصادقة',
  MFA_TOTP_PREPARING: 'جارٍ التحضير…',
  MFA_TOTP_SECRET_LABEL: 'مفتاح الإعداد',
  MFA_TOTP_COPY: 'نسخ المفتاح',
  MFA_TOTP_COPIED: 'تم النسخ',
  MFA_TOTP_CODE_PROMPT: 'ثم أدخل الرمز المكوّن من 6 أرقام الذي يعرضه.',
  MFA_TOTP_ADDED_TITLE: 'تمت إضافة تطبيق المصادقة',
  MFA_TOTP_ADDED_SUBTITLE: 'ستُدخل رمزًا منه قبل أن توقّع محفظتك أو ترسل أي شيء.',
  MFA_TOTP_RETRY: 'إعادة المحاولة',
  MFA_TOTP_REMOVE_TITLE: 'هل تريد إزالة تطبيق المصادقة؟',
  MFA_TOTP_REMOVE_BODY: 'لن تُستخدم رموز تطبيق المصادقة بعد الآن للتحقق من هويتك.',
}
