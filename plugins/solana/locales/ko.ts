/** Korean (ko) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: '이 지갑은 메시지 서명을 지원하지 않아요.',
  SOLANA_MESSAGE_NOT_STRING: 'Solana 메시지는 문자열이어야 해요.',
  SOLANA_INTERSTITIAL_TITLE: 'Phantom에서 열기',
  SOLANA_INTERSTITIAL_DETAIL: 'Phantom 지갑을 연결하려면 Phantom 앱에서 계속하세요.',
  SOLANA_CONTINUE: '계속',
  SOLANA_STILL_HERE_TITLE: '아직 이 화면인가요?',
  SOLANA_STILL_HERE_DETAIL: 'Phantom이 열리지 않았다면 다시 시도하거나 Phantom 앱을 설치해 주세요.',
  SOLANA_TRY_AGAIN: '다시 시도',
  SOLANA_INSTALL_TITLE: 'Phantom 설치',
  SOLANA_INSTALL_DETAIL: '이 브라우저에 Phantom이 설치되어 있지 않아요. 설치한 다음 이 페이지를 새로고침해 연결하세요.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Phantom 받기',
  SOLANA_LEARN_MORE: 'Phantom 자세히 알아보기',
}
