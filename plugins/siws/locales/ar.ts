/** Arabic (ar) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'استخدم محفظة أخرى',
  SIWS_SIGNATURE_FAILED: 'تعذّر ربط المحفظة',
  SIWS_NOT_SUPPORTED: 'لا تستطيع هذه المحفظة تسجيل الدخول برسالة نصية عادية.',
}
