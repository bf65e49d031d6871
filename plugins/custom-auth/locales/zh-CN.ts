/** Simplified Chinese (zh-CN) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: '访客模式下不支持绑定',
  CUSTOM_AUTH_INVALID_TOKEN: '无法验证你在此应用中的会话。',
  CUSTOM_AUTH_NOT_ENABLED: '未启用使用此应用自有账户登录。',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: '无法读取你在此应用中的会话。',
  CUSTOM_AUTH_FAILED: '无法使用你在此应用中的会话登录。',
}
