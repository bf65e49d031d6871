/** Brazilian Portuguese (pt) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'Não é possível vincular contas no acesso como visitante',
  CUSTOM_AUTH_INVALID_TOKEN: 'Não foi possível verificar sua sessão neste app.',
  CUSTOM_AUTH_NOT_ENABLED: 'O login com as contas próprias deste app não está ativado.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Não foi possível ler sua sessão neste app.',
  CUSTOM_AUTH_FAILED: 'Não foi possível fazer login com sua sessão deste app.',
}
