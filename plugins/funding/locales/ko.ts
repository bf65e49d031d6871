/** Korean (ko) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: '{app} 지갑 충전',
  FUNDING_METHODS_LIST_LABEL: '충전 방법',
  FUNDING_NOT_ENABLED: '지갑 충전이 켜져 있지 않아요',
  FUNDING_CHAIN_NOT_CONFIGURED: 'PrivyProvider 체인 목록에 없는 충전 체인이에요: {id}',
  FUNDING_INVALID_DATA: '충전 데이터가 올바르지 않아요',
  FUNDING_NO_FLOW: '충전 설정을 찾지 못했어요',
  FUNDING_SOMETHING_WENT_WRONG: '문제가 발생했어요',
  FUNDING_AMOUNT_TITLE: '금액 확인 또는 수정',
  FUNDING_AMOUNT_LABEL: '금액({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: '금액',
  FUNDING_AMOUNT_CONTINUE: '계속',
}
