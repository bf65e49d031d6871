/** German (de) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'Verknüpfen ist bei der Gast-Anmeldung nicht möglich',
  CUSTOM_AUTH_INVALID_TOKEN: 'Ihre Sitzung bei dieser App konnte nicht bestätigt werden.',
  CUSTOM_AUTH_NOT_ENABLED: 'Die Anmeldung mit den eigenen Konten dieser App ist nicht aktiviert.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Ihre Sitzung bei dieser App konnte nicht gelesen werden.',
  CUSTOM_AUTH_FAILED: 'Die Anmeldung mit Ihrer Sitzung aus dieser App ist fehlgeschlagen.',
}
