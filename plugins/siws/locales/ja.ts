/** Japanese (ja) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: '別のウォレットを使ってください',
  SIWS_SIGNATURE_FAILED: 'ウォレットに接続できませんでした',
  SIWS_NOT_SUPPORTED: 'このウォレットはテキストメッセージの署名によるログインに対応していません。',
}
