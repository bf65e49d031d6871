/** Simplified Chinese (zh-CN) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: '收款',
  FUNDING_RECEIVE_TITLE: '收款',
  FUNDING_RECEIVE_SUBTITLE: '将 {network} 上的 {amount} {symbol} 发送到此地址。',
  FUNDING_RECEIVE_SUBTITLE_ANY: '将 {network} 上的 {symbol} 发送到此地址。',
  FUNDING_RECEIVE_QR_LABEL: '钱包地址二维码',
  FUNDING_RECEIVE_ADDRESS_LABEL: '钱包地址',
  FUNDING_RECEIVE_COPY: '复制',
  FUNDING_RECEIVE_COPIED: '已复制',
  FUNDING_RECEIVE_BALANCE: '余额：{balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: '正在查询余额…',
  FUNDING_RECEIVE_WAITING: '正在等待到账',
  FUNDING_RECEIVE_RECEIVED: '已到账',
  FUNDING_RECEIVE_DONE: '完成',
}
