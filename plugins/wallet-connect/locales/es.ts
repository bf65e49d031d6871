/** Spanish (es) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Escanea con tu teléfono',
  WALLET_CONNECT_TITLE_WALLET: 'Escanea con {wallet}',
  WALLET_CONNECT_SUBTITLE: 'Escanea este código con una app de billetera compatible con WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Escanea este código con {wallet} en tu teléfono.',
  WALLET_CONNECT_QR_LABEL: 'Código QR para conectar una billetera',
  WALLET_CONNECT_PREPARING: 'Preparando la conexión…',
  WALLET_CONNECT_COPY: 'Copiar enlace',
  WALLET_CONNECT_COPIED: 'Enlace copiado',
  WALLET_CONNECT_OPEN_WALLET: 'Abrir {wallet}',
  WALLET_CONNECT_ON_PHONE: '¿Estás en este teléfono? Abre tu billetera:',
  WALLET_CONNECT_CANCEL: 'Cancelar',
}
