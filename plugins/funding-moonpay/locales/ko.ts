/** Korean (ko) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: '카드로 결제',
  MOONPAY_AMOUNT_TITLE: '금액 확인 또는 수정',
  MOONPAY_AMOUNT_SUBTITLE: 'MoonPay에서 {symbol} 토큰을 구매해 {address} 주소로 보내요.',
  MOONPAY_AMOUNT_LABEL: '금액({symbol})',
  MOONPAY_CONTINUE: '계속',
  MOONPAY_PENDING_TITLE: '진행 중',
  MOONPAY_PENDING_SUBTITLE: 'MoonPay로 돌아가 충전을 마무리해 주세요. 구매가 확인되면 이 화면이 업데이트돼요.',
  MOONPAY_WAITING_LABEL: 'MoonPay 응답을 기다리는 중',
  MOONPAY_AUTHORIZATION_TITLE: '승인 대기 중',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay에서 결제 승인을 기다리고 있어요. 승인되면 지갑이 충전돼요.',
  MOONPAY_COMPLETED_TITLE: '충전 완료',
  MOONPAY_COMPLETED_SUBTITLE: '구매가 완료됐어요. 지갑에 입금됐어요.',
  MOONPAY_DONE: '완료',
  MOONPAY_FAILED: 'MoonPay로 충전하는 중 문제가 발생했어요. 다시 시도하거나 다른 방법으로 지갑을 충전해 주세요.',
  MOONPAY_POPUP_BLOCKED: '진행을 시작하지 못했어요',
}
