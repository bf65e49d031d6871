/** Arabic (ar) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'استلام الأموال',
  FUNDING_RECEIVE_TITLE: 'استلام الأموال',
  FUNDING_RECEIVE_SUBTITLE: 'أرسل {amount} {symbol} على شبكة {network} إلى هذا العنوان.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'أرسل {symbol} على شبكة {network} إلى هذا العنوان.',
  FUNDING_RECEIVE_QR_LABEL: 'رمز QR لعنوان المحفظة',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'عنوان المحفظة',
  FUNDING_RECEIVE_COPY: 'نسخ',
  FUNDING_RECEIVE_COPIED: 'تم النسخ',
  FUNDING_RECEIVE_BALANCE: 'الرصيد: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'جارٍ التحقق من الرصيد…',
  FUNDING_RECEIVE_WAITING: 'في انتظار الأموال',
  FUNDING_RECEIVE_RECEIVED: 'تم استلام الأموال',
  FUNDING_RECEIVE_DONE: 'تم',
}
