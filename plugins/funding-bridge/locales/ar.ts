/** Arabic (ar) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'تعذّر جلب عروض الأسعار للتحويل بين الشبكات…',
  BRIDGE_SELECT_FAILED: 'تعذّر اختيار خيار التحويل من عروض الأسعار…',
  BRIDGE_REJECTED: 'رفض المستخدم المعاملة',
  BRIDGE_UNSUPPORTED: 'التحويل بين الشبكات غير مدعوم على شبكات Solana التجريبية (testnet وdevnet)',
}
