/** Korean (ko) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: '다시 시도해 주세요.',
  CAPTCHA_FAILED: 'CAPTCHA 확인을 통과하지 못했어요. 다시 시도해 주세요.',
  CAPTCHA_TIMEOUT: 'CAPTCHA 확인에 실패했어요',
  CAPTCHA_ERROR: 'CAPTCHA 확인에 실패했어요',
  CAPTCHA_GENERIC: '문제가 발생했어요',
  CAPTCHA_UNSUPPORTED_SITE_KEY: '지원하지 않는 CAPTCHA 사이트 키예요',
  CAPTCHA_TITLE: '사람인지 확인하는 중',
  CAPTCHA_SUBTITLE: '잠시만 기다려 주세요.',
  CAPTCHA_INTERACTIVE_TITLE: '사람인지 확인해 주세요',
  CAPTCHA_INTERACTIVE_SUBTITLE: '계속하려면 아래 확인을 완료해 주세요.',
  CAPTCHA_SUCCESS: '확인됨',
  CAPTCHA_ERROR_TITLE: '확인에 실패했어요',
  CAPTCHA_RETRYING: '다시 시도하는 중…',
  CAPTCHA_HINT: '그래도 안 되나요? 광고 차단기나 VPN을 끄고 다시 시도해 주세요.',
  CAPTCHA_TRY_AGAIN: '다시 시도',
  CAPTCHA_CANCEL: '취소',
}
