/** Spanish (es) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Recibir fondos',
  FUNDING_RECEIVE_TITLE: 'Recibir fondos',
  FUNDING_RECEIVE_SUBTITLE: 'Envía {amount} {symbol} en {network} a esta dirección.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Envía {symbol} en {network} a esta dirección.',
  FUNDING_RECEIVE_QR_LABEL: 'Código QR de la dirección de la billetera',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Dirección de la billetera',
  FUNDING_RECEIVE_COPY: 'Copiar',
  FUNDING_RECEIVE_COPIED: 'Copiada',
  FUNDING_RECEIVE_BALANCE: 'Saldo: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Consultando el saldo…',
  FUNDING_RECEIVE_WAITING: 'Esperando los fondos',
  FUNDING_RECEIVE_RECEIVED: 'Fondos recibidos',
  FUNDING_RECEIVE_DONE: 'Listo',
}
