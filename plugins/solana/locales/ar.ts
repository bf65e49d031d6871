/** Arabic (ar) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'هذه المحفظة لا تدعم توقيع الرسائل.',
  SOLANA_MESSAGE_NOT_STRING: 'يجب أن تكون رسالة Solana سلسلة نصية.',
  SOLANA_INTERSTITIAL_TITLE: 'الفتح في Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'لربط محفظة Phantom، تابع في تطبيق Phantom.',
  SOLANA_CONTINUE: 'متابعة',
  SOLANA_STILL_HERE_TITLE: 'هل ما زلت هنا؟',
  SOLANA_STILL_HERE_DETAIL: 'إذا لم يُفتح Phantom، فحاول مجددًا أو ثبّت تطبيق Phantom.',
  SOLANA_TRY_AGAIN: 'إعادة المحاولة',
  SOLANA_INSTALL_TITLE: 'تثبيت Phantom',
  SOLANA_INSTALL_DETAIL: 'Phantom غير مثبّت في هذا المتصفح. ثبّته، ثم أعد تحميل هذه الصفحة للربط.',
  SOLANA_INSTALL_PHANTOM_CTA: 'تنزيل Phantom',
  SOLANA_LEARN_MORE: 'مزيد من المعلومات عن Phantom',
}
