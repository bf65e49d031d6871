/** Simplified Chinese (zh-CN) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: '访客模式下不支持绑定',
  GUEST_DISABLED: '此应用未启用访客访问。',
  GUEST_INVALID_CREDENTIAL: '你的访客密钥未被接受，请重试。',
  GUEST_SIGN_IN_FAILED: '无法以访客身份继续，请重试。',
  GUEST_METHOD_LABEL: '以访客身份继续',
  GUEST_WORKING_TITLE: '正在以访客身份继续',
  GUEST_WORKING_SUBTITLE: '正在此设备上设置你的访客账户。',
  GUEST_WORKING: '正在登录',
  GUEST_SUCCESS_TITLE: '成功！',
  GUEST_SUCCESS_SUBTITLE: '一切就绪！',
  GUEST_ERROR_TITLE: '无法以访客身份继续',
}
