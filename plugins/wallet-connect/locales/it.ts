/** Italian (it) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Scansiona con il telefono',
  WALLET_CONNECT_TITLE_WALLET: 'Scansiona con {wallet}',
  WALLET_CONNECT_SUBTITLE: 'Scansiona questo codice con un’app wallet compatibile con WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Scansiona questo codice con {wallet} sul tuo telefono.',
  WALLET_CONNECT_QR_LABEL: 'Codice QR per connettere un wallet',
  WALLET_CONNECT_PREPARING: 'Preparazione della connessione…',
  WALLET_CONNECT_COPY: 'Copia link',
  WALLET_CONNECT_COPIED: 'Link copiato',
  WALLET_CONNECT_OPEN_WALLET: 'Apri {wallet}',
  WALLET_CONNECT_ON_PHONE: 'Sei su questo telefono? Apri il tuo wallet:',
  WALLET_CONNECT_CANCEL: 'Annulla',
}
