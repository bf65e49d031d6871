/** Arabic (ar) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'يُرجى المحاولة مرة أخرى.',
  CAPTCHA_FAILED: 'لم تجتز اختبار CAPTCHA. يُرجى المحاولة مرة أخرى.',
  CAPTCHA_TIMEOUT: 'فشل اختبار CAPTCHA',
  CAPTCHA_ERROR: 'فشل اختبار CAPTCHA',
  CAPTCHA_GENERIC: 'حدث خطأ ما',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'مفتاح موقع CAPTCHA غير مدعوم',
  CAPTCHA_TITLE: 'جارٍ التحقق من أنك لست روبوتًا',
  CAPTCHA_SUBTITLE: 'لن يستغرق هذا سوى لحظة.',
  CAPTCHA_INTERACTIVE_TITLE: 'أكّد أنك لست روبوتًا',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'أكمِل التحقق أدناه للمتابعة.',
  CAPTCHA_SUCCESS: 'تم التحقق',
  CAPTCHA_ERROR_TITLE: 'فشل التحقق',
  CAPTCHA_RETRYING: 'جارٍ إعادة المحاولة…',
  CAPTCHA_HINT: 'ألا يزال لا يعمل؟ أوقِف مانع الإعلانات أو شبكة VPN وحاول مجددًا.',
  CAPTCHA_TRY_AGAIN: 'إعادة المحاولة',
  CAPTCHA_CANCEL: 'إلغاء',
}
