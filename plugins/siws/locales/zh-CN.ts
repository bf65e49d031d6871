/** Simplified Chinese (zh-CN) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: '请使用其他钱包',
  SIWS_SIGNATURE_FAILED: '无法连接钱包',
  SIWS_NOT_SUPPORTED: '此钱包不支持通过签署纯文本消息登录。',
}
