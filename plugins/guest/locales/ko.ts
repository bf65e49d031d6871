/** Korean (ko) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: '게스트로 이용 중에는 연동할 수 없어요',
  GUEST_DISABLED: '이 앱에서는 게스트 이용이 켜져 있지 않아요.',
  GUEST_INVALID_CREDENTIAL: '게스트 키가 승인되지 않았어요. 다시 시도해 주세요.',
  GUEST_SIGN_IN_FAILED: '게스트로 계속하지 못했어요. 다시 시도해 주세요.',
  GUEST_METHOD_LABEL: '게스트로 계속하기',
  GUEST_WORKING_TITLE: '게스트로 계속하는 중',
  GUEST_WORKING_SUBTITLE: '이 기기에 게스트 계정을 준비하고 있어요.',
  GUEST_WORKING: '로그인하는 중',
  GUEST_SUCCESS_TITLE: '완료됐어요!',
  GUEST_SUCCESS_SUBTITLE: '이제 시작할 수 있어요!',
  GUEST_ERROR_TITLE: '게스트로 계속할 수 없어요',
}
