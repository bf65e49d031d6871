/** Italian (it) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Ricevi fondi',
  FUNDING_RECEIVE_TITLE: 'Ricevi fondi',
  FUNDING_RECEIVE_SUBTITLE: 'Invia {amount} {symbol} su {network} a questo indirizzo.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Invia {symbol} su {network} a questo indirizzo.',
  FUNDING_RECEIVE_QR_LABEL: 'Codice QR dell’indirizzo del wallet',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Indirizzo del wallet',
  FUNDING_RECEIVE_COPY: 'Copia',
  FUNDING_RECEIVE_COPIED: 'Copiato',
  FUNDING_RECEIVE_BALANCE: 'Saldo: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Verifica del saldo…',
  FUNDING_RECEIVE_WAITING: 'In attesa dei fondi',
  FUNDING_RECEIVE_RECEIVED: 'Fondi ricevuti',
  FUNDING_RECEIVE_DONE: 'Fine',
}
