/** Turkish (tr) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'Misafir girişinde hesap bağlama desteklenmez',
  CUSTOM_AUTH_INVALID_TOKEN: 'Bu uygulamadaki oturumunuz doğrulanamadı.',
  CUSTOM_AUTH_NOT_ENABLED: 'Bu uygulamanın kendi hesaplarıyla giriş etkin değil.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Bu uygulamadaki oturumunuz okunamadı.',
  CUSTOM_AUTH_FAILED: 'Bu uygulamadaki oturumunuzla giriş yapılamadı.',
}
