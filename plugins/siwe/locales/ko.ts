/** Korean (ko) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: '다른 지갑을 사용해 주세요',
  SIWE_SIGNATURE_FAILED: '지갑을 연결하지 못했어요',
}
