/** Japanese (ja) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: '資金を受け取る',
  FUNDING_RECEIVE_TITLE: '資金を受け取る',
  FUNDING_RECEIVE_SUBTITLE: '{network}の{amount} {symbol}をこのアドレスに送ってください。',
  FUNDING_RECEIVE_SUBTITLE_ANY: '{network}の{symbol}をこのアドレスに送ってください。',
  FUNDING_RECEIVE_QR_LABEL: 'ウォレットアドレスのQRコード',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'ウォレットアドレス',
  FUNDING_RECEIVE_COPY: 'コピー',
  FUNDING_RECEIVE_COPIED: 'コピーしました',
  FUNDING_RECEIVE_BALANCE: '残高：{balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: '残高を確認しています…',
  FUNDING_RECEIVE_WAITING: '入金を待っています',
  FUNDING_RECEIVE_RECEIVED: '入金を確認しました',
  FUNDING_RECEIVE_DONE: '完了',
}
