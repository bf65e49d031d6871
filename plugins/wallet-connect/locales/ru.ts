/** Russian (ru) texts of the wallet-connect plugin. */
export default {
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Отсканируйте телефоном',
  WALLET_CONNECT_TITLE_WALLET: 'Отсканируйте в {wallet}',
  WALLET_CONNECT_SUBTITLE: 'Отсканируйте этот код в приложении-кошельке с поддержкой WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Отсканируйте этот код в {wallet} на телефоне.',
  WALLET_CONNECT_QR_LABEL: 'QR-код для подключения кошелька',
  WALLET_CONNECT_PREPARING: 'Подготавливаем подключение…',
  WALLET_CONNECT_COPY: 'Копировать ссылку',
  WALLET_CONNECT_COPIED: 'Ссылка скопирована',
  WALLET_CONNECT_OPEN_WALLET: 'Открыть {wallet}',
  WALLET_CONNECT_ON_PHONE: 'Вы на телефоне? Откройте кошелёк:',
  WALLET_CONNECT_CANCEL: 'Отмена',
}
