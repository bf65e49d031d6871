/** Arabic (ar) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'الربط غير مدعوم في وضع الضيف',
  CUSTOM_AUTH_INVALID_TOKEN: 'تعذّر التحقق من جلستك في هذا التطبيق.',
  CUSTOM_AUTH_NOT_ENABLED: 'تسجيل الدخول بحسابات هذا التطبيق غير مفعّل.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'تعذّرت قراءة جلستك في هذا التطبيق.',
  CUSTOM_AUTH_FAILED: 'تعذّر تسجيل دخولك باستخدام جلستك في هذا التطبيق.',
}
