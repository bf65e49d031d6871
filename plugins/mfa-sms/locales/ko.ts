/** Korean (ko) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: '휴대폰 문자로 받는 코드',
  MFA_SMS_PROMPT: '문자로 받은 6자리 코드를 입력해 주세요.',
  MFA_SMS_ENROLL_TITLE: '전화번호 추가',
  MFA_SMS_ENROLL_SUBTITLE: '지갑에서 본인 확인이 필요할 때 이 번호로 코드를 문자로 보내 드려요.',
  MFA_SMS_PHONE_LABEL: '전화번호',
  MFA_SMS_COUNTRY_LABEL: '국가',
  MFA_SMS_SEND: '코드 보내기',
  MFA_SMS_INVALID_PHONE: '올바르지 않은 전화번호예요',
  MFA_SMS_CODE_TITLE: '코드 입력',
  MFA_SMS_CODE_SUBTITLE: '{phone} 번호로 6자리 코드를 보냈어요.',
  MFA_SMS_CHANGE_NUMBER: '다른 번호 사용',
  MFA_SMS_ADDED_TITLE: 'SMS 인증이 추가됐어요',
  MFA_SMS_ADDED_SUBTITLE: '지갑이 서명하거나 전송하기 전에 문자로 코드를 보내 드려요.',
  MFA_SMS_REMOVE_TITLE: 'SMS 인증을 삭제할까요?',
  MFA_SMS_REMOVE_BODY: '문자로 받는 코드는 더 이상 본인 인증에 사용되지 않아요.',
}
