/** Korean (ko) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: '휴대폰으로 스캔',
  WALLET_CONNECT_TITLE_WALLET: '{wallet} 앱으로 스캔',
  WALLET_CONNECT_SUBTITLE: 'WalletConnect를 지원하는 지갑 앱으로 이 코드를 스캔하세요.',
  WALLET_CONNECT_SUBTITLE_WALLET: '휴대폰의 {wallet} 앱으로 이 코드를 스캔하세요.',
  WALLET_CONNECT_QR_LABEL: '지갑 연결용 QR 코드',
  WALLET_CONNECT_PREPARING: '연결을 준비하는 중…',
  WALLET_CONNECT_COPY: '링크 복사',
  WALLET_CONNECT_COPIED: '링크를 복사했어요',
  WALLET_CONNECT_OPEN_WALLET: '{wallet} 열기',
  WALLET_CONNECT_ON_PHONE: '지금 이 휴대폰을 쓰고 있나요? 지갑을 여세요:',
  WALLET_CONNECT_CANCEL: '취소',
}
