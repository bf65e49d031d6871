/** Simplified Chinese (zh-CN) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: '为你的 {app} 钱包充值',
  FUNDING_METHODS_LIST_LABEL: '充值方式',
  FUNDING_NOT_ENABLED: '未启用钱包充值',
  FUNDING_CHAIN_NOT_CONFIGURED: '充值链 {id} 不在 PrivyProvider 的链列表中',
  FUNDING_INVALID_DATA: '充值数据无效',
  FUNDING_NO_FLOW: '找不到充值配置',
  FUNDING_SOMETHING_WENT_WRONG: '出了点问题',
  FUNDING_AMOUNT_TITLE: '确认或修改金额',
  FUNDING_AMOUNT_LABEL: '金额（{symbol}）',
  FUNDING_AMOUNT_LABEL_PLAIN: '金额',
  FUNDING_AMOUNT_CONTINUE: '继续',
}
