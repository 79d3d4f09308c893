import { defineMessages } from '../i18n/defineMessages';

export const passwordMessages = defineMessages('password', {
  username: { en: 'Username', zh: '用户名' },
  password: { en: 'Password', zh: '密码' },
  oldPassword: { en: 'Old Password', zh: '旧密码' },
  newPassword: { en: 'New Password', zh: '新密码' },
  confirmPassword: { en: 'Confirm Password', zh: '确认密码' },
  usernameRequired: { en: 'Username is required', zh: '用户名不能为空' },
  passwordRequired: { en: 'Password is required', zh: '密码不能为空' },
  passwordRule: {
    en: 'The password must be 8 to 64 printable ASCII characters and contain at least two of: letters, digits, other characters',
    zh: '密码须为 8 至 64 位可打印 ASCII 字符，且至少包含字母、数字、其他字符中的两种',
  },
  notMatch: { en: "Two inputs don't match!", zh: '两次输入的密码不一致！' },
  sameAsOld: { en: 'The new and old passwords cannot be the same', zh: '新旧密码不能相同' },
  changeSuccess: { en: 'Changing Password Successfully', zh: '修改密码成功' },
  changePassword: { en: 'Change Password', zh: '修改密码' },
  changePasswordOf: { en: 'Change password of {{username}}', zh: '修改 {{username}} 的密码' },
});
