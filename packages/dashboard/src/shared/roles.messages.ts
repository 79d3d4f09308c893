import { defineMessages } from '../i18n/defineMessages';

export const rolesMessages = defineMessages('roles', {
  role: { en: 'Role', zh: '角色' },
  administrator: { en: 'Administrator', zh: '管理员' },
  viewer: { en: 'Viewer', zh: '查看者' },
  publisher: { en: 'Publisher', zh: '发布者' },
});
