/** Simplified Chinese (zh-CN) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: '用手机扫码',
  WALLET_CONNECT_TITLE_WALLET: '用 {wallet} 扫码',
  WALLET_CONNECT_SUBTITLE: '用支持 WalletConnect 的钱包应用扫描此二维码。',
  WALLET_CONNECT_SUBTITLE_WALLET: '用手机上的 {wallet} 扫描此二维码。',
  WALLET_CONNECT_QR_LABEL: '用于连接钱包的二维码',
  WALLET_CONNECT_PREPARING: '正在准备连接…',
  WALLET_CONNECT_COPY: '复制链接',
  WALLET_CONNECT_COPIED: '链接已复制',
  WALLET_CONNECT_OPEN_WALLET: '打开 {wallet}',
  WALLET_CONNECT_ON_PHONE: '正在使用这部手机？打开你的钱包：',
  WALLET_CONNECT_CANCEL: '取消',
}
