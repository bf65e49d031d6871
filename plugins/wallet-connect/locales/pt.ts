/** Brazilian Portuguese (pt) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Escaneie com o celular',
  WALLET_CONNECT_TITLE_WALLET: 'Escaneie com {wallet}',
  WALLET_CONNECT_SUBTITLE: 'Escaneie este código com um app de carteira compatível com WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Escaneie este código com {wallet} no seu celular.',
  WALLET_CONNECT_QR_LABEL: 'QR code para conectar uma carteira',
  WALLET_CONNECT_PREPARING: 'Preparando a conexão…',
  WALLET_CONNECT_COPY: 'Copiar link',
  WALLET_CONNECT_COPIED: 'Link copiado',
  WALLET_CONNECT_OPEN_WALLET: 'Abrir {wallet}',
  WALLET_CONNECT_ON_PHONE: 'Está no celular? Abra sua carteira:',
  WALLET_CONNECT_CANCEL: 'Cancelar',
}
