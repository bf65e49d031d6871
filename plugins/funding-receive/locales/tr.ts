/** Turkish (tr) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Para yatır',
  FUNDING_RECEIVE_TITLE: 'Para yatırın',
  FUNDING_RECEIVE_SUBTITLE: '{network} ağında bu adrese {amount} {symbol} gönderin.',
  FUNDING_RECEIVE_SUBTITLE_ANY: '{network} ağında bu adrese {symbol} gönderin.',
  FUNDING_RECEIVE_QR_LABEL: 'Cüzdan adresinin QR kodu',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Cüzdan adresi',
  FUNDING_RECEIVE_COPY: 'Kopyala',
  FUNDING_RECEIVE_COPIED: 'Kopyalandı',
  FUNDING_RECEIVE_BALANCE: 'Bakiye: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Bakiye kontrol ediliyor…',
  FUNDING_RECEIVE_WAITING: 'Transfer bekleniyor',
  FUNDING_RECEIVE_RECEIVED: 'Transfer alındı',
  FUNDING_RECEIVE_DONE: 'Bitti',
}
