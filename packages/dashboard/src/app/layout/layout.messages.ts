import { defineMessages } from '../../i18n/defineMessages';

export const layoutMessages = defineMessages('layout', {
  productName: { en: 'MQDeck', zh: 'MQDeck' },
  logout: { en: 'Logout', zh: '退出登录' },
  confirmLogout: { en: 'Confirm to logout', zh: '确认退出登录' },
  changePassword: { en: 'Change Password', zh: '修改密码' },
  userMenu: { en: 'User menu', zh: '用户菜单' },
  language: { en: 'Language', zh: '语言' },
  theme: { en: 'Theme', zh: '主题' },
  themeLight: { en: 'Light', zh: '浅色' },
  themeDark: { en: 'Dark', zh: '深色' },
  themeOs: { en: 'Follow system', zh: '跟随系统' },
  quickSearch: { en: 'Search screens', zh: '搜索页面' },
  quickSearchPlaceholder: { en: 'Type a screen name, e.g. clients', zh: '输入页面名称，例如 客户端' },
  quickSearchEmpty: { en: 'No matching screen', zh: '没有匹配的页面' },
  collapseMenu: { en: 'Collapse menu', zh: '收起菜单' },
  expandMenu: { en: 'Expand menu', zh: '展开菜单' },
  openMenu: { en: 'Open menu', zh: '打开菜单' },
  upstreamEditionEe: { en: 'Enterprise', zh: '企业版' },
  upstreamEditionCe: { en: 'Open source', zh: '开源版' },
  upstreamHelp: {
    en: 'This console runs in upstream mode: every change is made on the broker at {{url}}.',
    zh: '控制台运行于上游模式：所有操作都作用于 {{url}} 的 Broker。',
  },
});
