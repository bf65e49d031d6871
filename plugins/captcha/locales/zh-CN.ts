/** Simplified Chinese (zh-CN) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: '请重试。',
  CAPTCHA_FAILED: '你未通过人机验证，请重试。',
  CAPTCHA_TIMEOUT: '人机验证失败',
  CAPTCHA_ERROR: '人机验证失败',
  CAPTCHA_GENERIC: '出了点问题',
  CAPTCHA_UNSUPPORTED_SITE_KEY: '不支持的验证码站点密钥',
  CAPTCHA_TITLE: '正在确认你不是机器人',
  CAPTCHA_SUBTITLE: '只需片刻。',
  CAPTCHA_INTERACTIVE_TITLE: '请确认你不是机器人',
  CAPTCHA_INTERACTIVE_SUBTITLE: '完成下方验证后继续。',
  CAPTCHA_SUCCESS: '已验证',
  CAPTCHA_ERROR_TITLE: '验证失败',
  CAPTCHA_RETRYING: '正在重试…',
  CAPTCHA_HINT: '仍然不行？请关闭广告拦截器或 VPN 后重试。',
  CAPTCHA_TRY_AGAIN: '重试',
  CAPTCHA_CANCEL: '取消',
}
