/** Russian (ru) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Оплатить картой',
  MOONPAY_AMOUNT_TITLE: 'Подтвердите или измените сумму',
  MOONPAY_AMOUNT_SUBTITLE: 'Покупка {symbol} через MoonPay для {address}.',
  MOONPAY_AMOUNT_LABEL: 'Сумма ({symbol})',
  MOONPAY_CONTINUE: 'Продолжить',
  MOONPAY_PENDING_TITLE: 'Выполняется',
  MOONPAY_PENDING_SUBTITLE: 'Вернитесь в MoonPay, чтобы завершить пополнение. Этот экран обновится, как только покупка будет подтверждена.',
  MOONPAY_WAITING_LABEL: 'Ожидаем MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'Ожидается авторизация',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay ждёт, когда вы авторизуете платёж. После этого кошелёк будет пополнен.',
  MOONPAY_COMPLETED_TITLE: 'Средства зачислены',
  MOONPAY_COMPLETED_SUBTITLE: 'Покупка завершена. Средства на вашем кошельке.',
  MOONPAY_DONE: 'Готово',
  MOONPAY_FAILED: 'Не удалось пополнить кошелёк через MoonPay. Повторите попытку или выберите другой способ пополнения.',
  MOONPAY_POPUP_BLOCKED: 'Не удалось начать операцию',
}
