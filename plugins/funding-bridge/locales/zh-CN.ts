/** Simplified Chinese (zh-CN) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: '无法获取跨链桥报价…',
  BRIDGE_SELECT_FAILED: '无法从报价中选择跨链桥方案…',
  BRIDGE_REJECTED: '用户拒绝了交易',
  BRIDGE_UNSUPPORTED: 'Solana 测试网和开发网不支持跨链桥',
}
