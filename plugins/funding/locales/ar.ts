/** Arabic (ar) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'أضف أموالًا إلى محفظتك في {app}',
  FUNDING_METHODS_LIST_LABEL: 'طرق التمويل',
  FUNDING_NOT_ENABLED: 'تمويل المحفظة غير مفعّل',
  FUNDING_CHAIN_NOT_CONFIGURED: 'سلسلة التمويل {id} غير موجودة في قائمة سلاسل PrivyProvider',
  FUNDING_INVALID_DATA: 'بيانات التمويل غير صالحة',
  FUNDING_NO_FLOW: 'تعذّر العثور على إعدادات التمويل',
  FUNDING_SOMETHING_WENT_WRONG: 'حدث خطأ ما',
  FUNDING_AMOUNT_TITLE: 'أكّد المبلغ أو عدّله',
  FUNDING_AMOUNT_LABEL: 'المبلغ ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'المبلغ',
  FUNDING_AMOUNT_CONTINUE: 'متابعة',
}
