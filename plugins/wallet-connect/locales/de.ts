/** German (de) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Mit dem Smartphone scannen',
  WALLET_CONNECT_TITLE_WALLET: 'Mit {wallet} scannen',
  WALLET_CONNECT_SUBTITLE: 'Scannen Sie diesen Code mit einer Wallet-App, die WalletConnect unterstützt.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Scannen Sie diesen Code mit {wallet} auf Ihrem Smartphone.',
  WALLET_CONNECT_QR_LABEL: 'QR-Code zum Verbinden einer Wallet',
  WALLET_CONNECT_PREPARING: 'Verbindung wird vorbereitet…',
  WALLET_CONNECT_COPY: 'Link kopieren',
  WALLET_CONNECT_COPIED: 'Link kopiert',
  WALLET_CONNECT_OPEN_WALLET: '{wallet} öffnen',
  WALLET_CONNECT_ON_PHONE: 'Auf diesem Smartphone? Öffnen Sie Ihre Wallet:',
  WALLET_CONNECT_CANCEL: 'Abbrechen',
}
