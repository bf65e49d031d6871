/** Arabic (ar) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'الدفع بالبطاقة',
  MOONPAY_AMOUNT_TITLE: 'أكّد المبلغ أو عدّله',
  MOONPAY_AMOUNT_SUBTITLE: 'اشترِ {symbol} عبر MoonPay لصالح {address}.',
  MOONPAY_AMOUNT_LABEL: 'المبلغ ({symbol})',
  MOONPAY_CONTINUE: 'متابعة',
  MOONPAY_PENDING_TITLE: 'قيد التنفيذ',
  MOONPAY_PENDING_SUBTITLE: 'عُد إلى MoonPay لإتمام تمويل حسابك. ستُحدَّث هذه الشاشة بمجرد تأكيد عملية الشراء.',
  MOONPAY_WAITING_LABEL: 'في انتظار MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'في انتظار التفويض',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'تنتظر MoonPay أن تفوّض الدفع. ستُموَّل محفظتك بمجرد التفويض.',
  MOONPAY_COMPLETED_TITLE: 'تمت إضافة الأموال',
  MOONPAY_COMPLETED_SUBTITLE: 'اكتملت عملية الشراء. الأموال الآن في محفظتك.',
  MOONPAY_DONE: 'تم',
  MOONPAY_FAILED: 'حدث خطأ أثناء إضافة الأموال من MoonPay. يُرجى المحاولة مرة أخرى أو استخدام طريقة أخرى لتمويل محفظتك.',
  MOONPAY_POPUP_BLOCKED: 'تعذّر بدء العملية',
}
