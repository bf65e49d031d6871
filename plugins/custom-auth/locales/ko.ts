/** Korean (ko) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: '게스트로 이용 중에는 연동할 수 없어요',
  CUSTOM_AUTH_INVALID_TOKEN: '이 앱의 세션을 확인하지 못했어요.',
  CUSTOM_AUTH_NOT_ENABLED: '이 앱 자체 계정으로 로그인하는 기능이 켜져 있지 않아요.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: '이 앱의 세션을 읽지 못했어요.',
  CUSTOM_AUTH_FAILED: '이 앱의 세션으로 로그인하지 못했어요.',
}
