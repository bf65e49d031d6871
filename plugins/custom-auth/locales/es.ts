/** Spanish (es) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'La vinculación no está disponible en el modo invitado',
  CUSTOM_AUTH_INVALID_TOKEN: 'No se ha podido verificar tu sesión en esta app.',
  CUSTOM_AUTH_NOT_ENABLED: 'El inicio de sesión con las cuentas propias de esta app no está activado.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'No se ha podido leer tu sesión en esta app.',
  CUSTOM_AUTH_FAILED: 'No se ha podido iniciar sesión con tu sesión de esta app.',
}
