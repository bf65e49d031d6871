/** French (fr) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Recevoir des fonds',
  FUNDING_RECEIVE_TITLE: 'Recevoir des fonds',
  FUNDING_RECEIVE_SUBTITLE: 'Envoyez {amount} {symbol} sur {network} à cette adresse.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Envoyez des {symbol} sur {network} à cette adresse.',
  FUNDING_RECEIVE_QR_LABEL: 'QR code de l’adresse du portefeuille',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Adresse du portefeuille',
  FUNDING_RECEIVE_COPY: 'Copier',
  FUNDING_RECEIVE_COPIED: 'Copiée',
  FUNDING_RECEIVE_BALANCE: 'Solde\u00a0: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Vérification du solde…',
  FUNDING_RECEIVE_WAITING: 'En attente des fonds',
  FUNDING_RECEIVE_RECEIVED: 'Fonds reçus',
  FUNDING_RECEIVE_DONE: 'Terminé',
}
