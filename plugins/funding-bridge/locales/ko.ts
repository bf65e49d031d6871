/** Korean (ko) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: '브리지 견적을 가져오지 못했어요…',
  BRIDGE_SELECT_FAILED: '견적에서 브리지 옵션을 선택하지 못했어요…',
  BRIDGE_REJECTED: '사용자가 트랜잭션을 거부했어요',
  BRIDGE_UNSUPPORTED: 'Solana 테스트넷과 데브넷에서는 브리지를 지원하지 않아요',
}
