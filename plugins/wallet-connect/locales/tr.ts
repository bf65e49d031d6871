/** Turkish (tr) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Telefonunuzla tarayın',
  WALLET_CONNECT_TITLE_WALLET: '{wallet} ile tarayın',
  WALLET_CONNECT_SUBTITLE: 'Bu kodu WalletConnect destekleyen bir cüzdan uygulamasıyla tarayın.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Bu kodu telefonunuzdaki {wallet} ile tarayın.',
  WALLET_CONNECT_QR_LABEL: 'Cüzdan bağlamak için QR kodu',
  WALLET_CONNECT_PREPARING: 'Bağlantı hazırlanıyor…',
  WALLET_CONNECT_COPY: 'Bağlantıyı kopyala',
  WALLET_CONNECT_COPIED: 'Bağlantı kopyalandı',
  WALLET_CONNECT_OPEN_WALLET: '{wallet} uygulamasını aç',
  WALLET_CONNECT_ON_PHONE: 'Bu telefonda mısınız? Cüzdanınızı açın:',
  WALLET_CONNECT_CANCEL: 'İptal',
}
