/** Brazilian Portuguese (pt) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Receber fundos',
  FUNDING_RECEIVE_TITLE: 'Receber fundos',
  FUNDING_RECEIVE_SUBTITLE: 'Envie {amount} {symbol} na rede {network} para este endereço.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Envie {symbol} na rede {network} para este endereço.',
  FUNDING_RECEIVE_QR_LABEL: 'QR code do endereço da carteira',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Endereço da carteira',
  FUNDING_RECEIVE_COPY: 'Copiar',
  FUNDING_RECEIVE_COPIED: 'Copiado',
  FUNDING_RECEIVE_BALANCE: 'Saldo: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Verificando o saldo…',
  FUNDING_RECEIVE_WAITING: 'Aguardando fundos',
  FUNDING_RECEIVE_RECEIVED: 'Fundos recebidos',
  FUNDING_RECEIVE_DONE: 'Concluir',
}
