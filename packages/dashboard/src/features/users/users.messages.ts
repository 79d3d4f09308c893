import { defineMessages } from '../../i18n/defineMessages';

export const usersMessages = defineMessages('users', {
  title: { en: 'Users', zh: '用户' },
  username: { en: 'Username', zh: '用户名' },
  description: { en: 'Description', zh: '描述' },
  role: { en: 'Role', zh: '角色' },
  createUser: { en: 'Create User', zh: '创建用户' },
  editUser: { en: 'Edit User', zh: '编辑用户' },
  changePassword: { en: 'Change Password', zh: '修改密码' },
  createSuccess: { en: 'Create User Successfully', zh: '创建用户成功' },
  usernamePattern: {
    en: 'Only upper and lower case letters, numbers and underscores are supported',
    zh: '仅支持大小写字母、数字和下划线',
  },
  reservedName: { en: 'admin, root and administrator are reserved names', zh: 'admin、root 和 administrator 为保留用户名' },
  deleteConfirm: { en: 'Delete user {{username}}?', zh: '确定删除用户 {{username}}？' },
  cannotDeleteSelf: { en: 'You cannot delete yourself', zh: '不能删除当前登录的用户' },
  you: { en: '(you)', zh: '（当前用户）' },
});
