/** Japanese (ja) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'このウォレットはメッセージの署名に対応していません。',
  SOLANA_MESSAGE_NOT_STRING: 'Solanaのメッセージは文字列である必要があります。',
  SOLANA_INTERSTITIAL_TITLE: 'Phantomで開く',
  SOLANA_INTERSTITIAL_DETAIL: 'Phantomウォレットを接続するには、Phantomアプリで続けてください。',
  SOLANA_CONTINUE: '続ける',
  SOLANA_STILL_HERE_TITLE: 'まだこの画面ですか？',
  SOLANA_STILL_HERE_DETAIL: 'Phantomが開かなかった場合は、もう一度試すか、Phantomアプリをインストールしてください。',
  SOLANA_TRY_AGAIN: 'もう一度試す',
  SOLANA_INSTALL_TITLE: 'Phantomをインストール',
  SOLANA_INSTALL_DETAIL: 'このブラウザにはPhantomがインストールされていません。インストールしてからこのページを再読み込みし、接続してください。',
  SOLANA_INSTALL_PHANTOM_CTA: 'Phantomを入手',
  SOLANA_LEARN_MORE: 'Phantomの詳細',
}
