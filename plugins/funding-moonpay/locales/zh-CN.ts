/** Simplified Chinese (zh-CN) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: '用银行卡支付',
  MOONPAY_AMOUNT_TITLE: '确认或修改金额',
  MOONPAY_AMOUNT_SUBTITLE: '通过 MoonPay 为 {address} 购买 {symbol}。',
  MOONPAY_AMOUNT_LABEL: '金额（{symbol}）',
  MOONPAY_CONTINUE: '继续',
  MOONPAY_PENDING_TITLE: '处理中',
  MOONPAY_PENDING_SUBTITLE: '请返回 MoonPay 完成充值。购买确认后，此页面会自动更新。',
  MOONPAY_WAITING_LABEL: '正在等待 MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: '等待授权',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay 正在等待你授权付款。授权后即会为你的钱包充值。',
  MOONPAY_COMPLETED_TITLE: '充值成功',
  MOONPAY_COMPLETED_SUBTITLE: '购买已完成，资金已到账。',
  MOONPAY_DONE: '完成',
  MOONPAY_FAILED: '通过 MoonPay 充值时出了点问题。请重试或使用其他方式为钱包充值。',
  MOONPAY_POPUP_BLOCKED: '无法启动流程',
}
