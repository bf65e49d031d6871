/** Simplified Chinese (zh-CN) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: '此钱包不支持签署消息。',
  SOLANA_MESSAGE_NOT_STRING: 'Solana 消息必须是字符串。',
  SOLANA_INTERSTITIAL_TITLE: '在 Phantom 中打开',
  SOLANA_INTERSTITIAL_DETAIL: '如需连接 Phantom 钱包，请在 Phantom 应用中继续。',
  SOLANA_CONTINUE: '继续',
  SOLANA_STILL_HERE_TITLE: '还在这里吗？',
  SOLANA_STILL_HERE_DETAIL: '如果 Phantom 没有打开，请重试或安装 Phantom 应用。',
  SOLANA_TRY_AGAIN: '重试',
  SOLANA_INSTALL_TITLE: '安装 Phantom',
  SOLANA_INSTALL_DETAIL: '此浏览器未安装 Phantom。请先安装，然后刷新此页面进行连接。',
  SOLANA_INSTALL_PHANTOM_CTA: '获取 Phantom',
  SOLANA_LEARN_MORE: '进一步了解 Phantom',
}
