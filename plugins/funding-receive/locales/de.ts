/** German (de) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Guthaben empfangen',
  FUNDING_RECEIVE_TITLE: 'Guthaben empfangen',
  FUNDING_RECEIVE_SUBTITLE: 'Senden Sie {amount} {symbol} auf {network} an diese Adresse.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Senden Sie {symbol} auf {network} an diese Adresse.',
  FUNDING_RECEIVE_QR_LABEL: 'QR-Code der Wallet-Adresse',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Wallet-Adresse',
  FUNDING_RECEIVE_COPY: 'Kopieren',
  FUNDING_RECEIVE_COPIED: 'Kopiert',
  FUNDING_RECEIVE_BALANCE: 'Guthaben: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Guthaben wird abgerufen…',
  FUNDING_RECEIVE_WAITING: 'Warten auf Eingang',
  FUNDING_RECEIVE_RECEIVED: 'Guthaben eingegangen',
  FUNDING_RECEIVE_DONE: 'Fertig',
}
