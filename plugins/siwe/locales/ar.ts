/** Arabic (ar) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'استخدم محفظة أخرى',
  SIWE_SIGNATURE_FAILED: 'تعذّر ربط المحفظة',
}
