/** Japanese (ja) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: '{app}ウォレットに入金',
  FUNDING_METHODS_LIST_LABEL: '入金方法',
  FUNDING_NOT_ENABLED: 'ウォレットへの入金は有効になっていません',
  FUNDING_CHAIN_NOT_CONFIGURED: '入金先チェーン{id}がPrivyProviderのチェーン一覧にありません',
  FUNDING_INVALID_DATA: '入金データが無効です',
  FUNDING_NO_FLOW: '入金の設定が見つかりませんでした',
  FUNDING_SOMETHING_WENT_WRONG: '問題が発生しました',
  FUNDING_AMOUNT_TITLE: '金額を確認・編集',
  FUNDING_AMOUNT_LABEL: '金額（{symbol}）',
  FUNDING_AMOUNT_LABEL_PLAIN: '金額',
  FUNDING_AMOUNT_CONTINUE: '続ける',
}
