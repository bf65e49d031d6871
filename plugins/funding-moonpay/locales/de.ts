/** German (de) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Mit Karte bezahlen',
  MOONPAY_AMOUNT_TITLE: 'Betrag bestätigen oder ändern',
  MOONPAY_AMOUNT_SUBTITLE: '{symbol} mit MoonPay für {address} kaufen.',
  MOONPAY_AMOUNT_LABEL: 'Betrag ({symbol})',
  MOONPAY_CONTINUE: 'Weiter',
  MOONPAY_PENDING_TITLE: 'Wird bearbeitet',
  MOONPAY_PENDING_SUBTITLE: 'Kehren Sie zu MoonPay zurück, um die Einzahlung abzuschließen. Diese Ansicht wird aktualisiert, sobald Ihr Kauf bestätigt ist.',
  MOONPAY_WAITING_LABEL: 'Warten auf MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'Autorisierung ausstehend',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay wartet darauf, dass Sie die Zahlung autorisieren. Danach wird Ihre Wallet aufgeladen.',
  MOONPAY_COMPLETED_TITLE: 'Guthaben hinzugefügt',
  MOONPAY_COMPLETED_SUBTITLE: 'Ihr Kauf ist abgeschlossen. Das Guthaben ist in Ihrer Wallet.',
  MOONPAY_DONE: 'Fertig',
  MOONPAY_FAILED: 'Beim Hinzufügen von Guthaben über MoonPay ist etwas schiefgelaufen. Bitte versuchen Sie es erneut oder laden Sie Ihre Wallet auf andere Weise auf.',
  MOONPAY_POPUP_BLOCKED: 'Vorgang konnte nicht gestartet werden',
}
