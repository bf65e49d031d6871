/** Japanese (ja) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'スマートフォンでスキャン',
  WALLET_CONNECT_TITLE_WALLET: '{wallet}でスキャン',
  WALLET_CONNECT_SUBTITLE: 'WalletConnectに対応したウォレットアプリでこのコードをスキャンしてください。',
  WALLET_CONNECT_SUBTITLE_WALLET: 'スマートフォンの{wallet}でこのコードをスキャンしてください。',
  WALLET_CONNECT_QR_LABEL: 'ウォレットを接続するためのQRコード',
  WALLET_CONNECT_PREPARING: '接続を準備しています…',
  WALLET_CONNECT_COPY: 'リンクをコピー',
  WALLET_CONNECT_COPIED: 'リンクをコピーしました',
  WALLET_CONNECT_OPEN_WALLET: '{wallet}を開く',
  WALLET_CONNECT_ON_PHONE: 'このスマートフォンをお使いですか？ウォレットを開いてください：',
  WALLET_CONNECT_CANCEL: 'キャンセル',
}
