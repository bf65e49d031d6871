/** Arabic (ar) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'الربط غير مدعوم في وضع الضيف',
  GUEST_DISABLED: 'دخول الضيوف غير مفعّل في هذا التطبيق.',
  GUEST_INVALID_CREDENTIAL: 'لم يُقبل مفتاح الضيف الخاص بك. يُرجى المحاولة مرة أخرى.',
  GUEST_SIGN_IN_FAILED: 'تعذّرت المتابعة كضيف. يُرجى المحاولة مرة أخرى.',
  GUEST_METHOD_LABEL: 'المتابعة كضيف',
  GUEST_WORKING_TITLE: 'جارٍ المتابعة كضيف',
  GUEST_WORKING_SUBTITLE: 'جارٍ إعداد حساب الضيف على هذا الجهاز.',
  GUEST_WORKING: 'جارٍ تسجيل دخولك',
  GUEST_SUCCESS_TITLE: 'تم بنجاح!',
  GUEST_SUCCESS_SUBTITLE: 'كل شيء جاهز!',
  GUEST_ERROR_TITLE: 'تعذّرت المتابعة كضيف',
}
