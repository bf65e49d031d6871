/** Korean (ko) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: '다른 지갑을 사용해 주세요',
  SIWS_SIGNATURE_FAILED: '지갑을 연결하지 못했어요',
  SIWS_NOT_SUPPORTED: '이 지갑은 일반 텍스트 메시지 서명으로 로그인할 수 없어요.',
}
