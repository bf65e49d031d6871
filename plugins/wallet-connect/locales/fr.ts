/** French (fr) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Scannez avec votre téléphone',
  WALLET_CONNECT_TITLE_WALLET: 'Scannez avec {wallet}',
  WALLET_CONNECT_SUBTITLE: 'Scannez ce code avec une application de portefeuille compatible WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Scannez ce code avec {wallet} sur votre téléphone.',
  WALLET_CONNECT_QR_LABEL: 'QR code pour connecter un portefeuille',
  WALLET_CONNECT_PREPARING: 'Préparation de la connexion…',
  WALLET_CONNECT_COPY: 'Copier le lien',
  WALLET_CONNECT_COPIED: 'Lien copié',
  WALLET_CONNECT_OPEN_WALLET: 'Ouvrir {wallet}',
  WALLET_CONNECT_ON_PHONE: 'Sur ce téléphone\u202f? Ouvrez votre portefeuille\u00a0:',
  WALLET_CONNECT_CANCEL: 'Annuler',
}
