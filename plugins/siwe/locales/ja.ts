/** Japanese (ja) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: '別のウォレットを使ってください',
  SIWE_SIGNATURE_FAILED: 'ウォレットに接続できませんでした',
}
