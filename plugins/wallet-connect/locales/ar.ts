/** Arabic (ar) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'امسح الرمز بهاتفك',
  WALLET_CONNECT_TITLE_WALLET: 'امسح الرمز باستخدام {wallet}',
  WALLET_CONNECT_SUBTITLE: 'امسح هذا الرمز باستخدام تطبيق محفظة يدعم WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'امسح هذا الرمز باستخدام {wallet} على هاتفك.',
  WALLET_CONNECT_QR_LABEL: 'رمز QR لربط محفظة',
  WALLET_CONNECT_PREPARING: 'جارٍ تحضير الاتصال…',
  WALLET_CONNECT_COPY: 'نسخ الرابط',
  WALLET_CONNECT_COPIED: 'تم نسخ الرابط',
  WALLET_CONNECT_OPEN_WALLET: 'فتح {wallet}',
  WALLET_CONNECT_ON_PHONE: 'هل تستخدم هذا الهاتف؟ افتح محفظتك:',
  WALLET_CONNECT_CANCEL: 'إلغاء',
}
