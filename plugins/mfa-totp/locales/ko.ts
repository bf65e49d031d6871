/** Korean (ko) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: '인증 앱',
  MFA_TOTP_DESCRIPTION: 'Google Authenticator 같은 앱에 표시되는 코드',
  MFA_TOTP_PROMPT: '인증 앱에 표시된 6자리 코드를 입력해 주세요.',
  MFA_TOTP_ENROLL_TITLE: '인증 앱 설정',
  MFA_TOTP_ENROLL_SUBTITLE: '인증 앱으로 QR 코드를 스캔하거나 키를 직접 입력해 주세요.',
  MFA_TOTP_QR_LABEL: '인증 앱에 이 계정을 추가하는 QR 코드',
  MFA_TOTP_PREPARING: '준비하는 중…',
  MFA_TOTP_SECRET_LABEL: '설정 키',
  MFA_TOTP_COPY: '키 복사',
  MFA_TOTP_COPIED: '복사됨',
  MFA_TOTP_CODE_PROMPT: '그런 다음 앱에 표시된 6자리 코드를 입력해 주세요.',
  MFA_TOTP_ADDED_TITLE: '인증 앱이 추가됐어요',
  MFA_TOTP_ADDED_SUBTITLE: '지갑이 서명하거나 전송하기 전에 인증 앱의 코드를 입력하게 돼요.',
  MFA_TOTP_RETRY: '다시 시도',
  MFA_TOTP_REMOVE_TITLE: '인증 앱을 삭제할까요?',
  MFA_TOTP_REMOVE_BODY: '인증 앱의 코드는 더 이상 본인 인증에 사용되지 않아요.',
}
