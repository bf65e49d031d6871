/** Turkish (tr) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Kartla öde',
  MOONPAY_AMOUNT_TITLE: 'Tutarı onaylayın veya düzenleyin',
  MOONPAY_AMOUNT_SUBTITLE: '{address} için MoonPay ile {symbol} satın alın.',
  MOONPAY_AMOUNT_LABEL: 'Tutar ({symbol})',
  MOONPAY_CONTINUE: 'Devam et',
  MOONPAY_PENDING_TITLE: 'İşlem sürüyor',
  MOONPAY_PENDING_SUBTITLE: 'Hesabınıza bakiye yüklemeyi tamamlamak için MoonPay’e dönün. Satın alma işleminiz onaylandığında bu ekran güncellenir.',
  MOONPAY_WAITING_LABEL: 'MoonPay bekleniyor',
  MOONPAY_AUTHORIZATION_TITLE: 'Onay bekleniyor',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay, ödemeyi onaylamanızı bekliyor. Onayladığınızda cüzdanınıza bakiye yüklenir.',
  MOONPAY_COMPLETED_TITLE: 'Bakiye eklendi',
  MOONPAY_COMPLETED_SUBTITLE: 'Satın alma işleminiz tamamlandı. Tutar cüzdanınızda.',
  MOONPAY_DONE: 'Bitti',
  MOONPAY_FAILED: 'MoonPay ile bakiye eklenirken bir sorun oluştu. Lütfen tekrar deneyin veya cüzdanınıza bakiye eklemek için başka bir yöntem kullanın.',
  MOONPAY_POPUP_BLOCKED: 'İşlem başlatılamadı',
}
