/** Japanese (ja) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'カードで支払う',
  MOONPAY_AMOUNT_TITLE: '金額を確認・編集',
  MOONPAY_AMOUNT_SUBTITLE: 'MoonPayで{symbol}を購入し、{address}に送ります。',
  MOONPAY_AMOUNT_LABEL: '金額（{symbol}）',
  MOONPAY_CONTINUE: '続ける',
  MOONPAY_PENDING_TITLE: '処理中',
  MOONPAY_PENDING_SUBTITLE: 'MoonPayに戻って入金を完了してください。購入が確定すると、この画面が更新されます。',
  MOONPAY_WAITING_LABEL: 'MoonPayを待っています',
  MOONPAY_AUTHORIZATION_TITLE: '承認待ち',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPayで支払いの承認を待っています。承認されるとウォレットに入金されます。',
  MOONPAY_COMPLETED_TITLE: '入金しました',
  MOONPAY_COMPLETED_SUBTITLE: '購入が完了しました。資金はウォレットに入金されています。',
  MOONPAY_DONE: '完了',
  MOONPAY_FAILED: 'MoonPayからの入金中に問題が発生しました。もう一度試すか、別の方法でウォレットに入金してください。',
  MOONPAY_POPUP_BLOCKED: '手続きを開始できませんでした',
}
