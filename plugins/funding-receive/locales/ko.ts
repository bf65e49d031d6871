/** Korean (ko) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: '입금받기',
  FUNDING_RECEIVE_TITLE: '입금받기',
  FUNDING_RECEIVE_SUBTITLE: '{network} 네트워크에서 이 주소로 {amount} {symbol} 보내 주세요.',
  FUNDING_RECEIVE_SUBTITLE_ANY: '{network} 네트워크에서 이 주소로 {symbol} 보내 주세요.',
  FUNDING_RECEIVE_QR_LABEL: '지갑 주소 QR 코드',
  FUNDING_RECEIVE_ADDRESS_LABEL: '지갑 주소',
  FUNDING_RECEIVE_COPY: '복사',
  FUNDING_RECEIVE_COPIED: '복사됨',
  FUNDING_RECEIVE_BALANCE: '잔액: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: '잔액을 확인하는 중…',
  FUNDING_RECEIVE_WAITING: '입금을 기다리는 중',
  FUNDING_RECEIVE_RECEIVED: '입금 완료',
  FUNDING_RECEIVE_DONE: '완료',
}
