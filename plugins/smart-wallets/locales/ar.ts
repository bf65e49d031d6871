/** Arabic (ar) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'رفضت الجهة الراعية لهذا التطبيق دفع رسوم هذه المعاملة.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'تعذّر الوصول إلى خدمة الشبكة التي ترسل معاملات المحافظ الذكية.',
  SMART_WALLETS_REVERTED: 'أُلغي تنفيذ المعاملة (revert).',
  SMART_WALLETS_REVERTED_REASON: 'أُلغي تنفيذ المعاملة (revert): {reason}',
}
