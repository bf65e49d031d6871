/** Simplified Chinese (zh-CN) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: '请使用其他钱包',
  SIWE_SIGNATURE_FAILED: '无法连接钱包',
}
