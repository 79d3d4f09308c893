import { defineMessages } from '../../i18n/defineMessages';

export const apiKeysMessages = defineMessages('apiKeys', {
  title: { en: 'API Keys', zh: 'API 密钥' },
  name: { en: 'Name', zh: '名称' },
  description: { en: 'Description', zh: '描述' },
  expireAt: { en: 'Expire At', zh: '过期时间' },
  createdAt: { en: 'Created At', zh: '创建时间' },
  status: { en: 'Status', zh: '状态' },
  enable: { en: 'Enable', zh: '启用' },
  role: { en: 'Role', zh: '角色' },
  apiKey: { en: 'API Key', zh: 'API Key' },
  secretKey: { en: 'Secret Key', zh: 'Secret Key' },
  never: { en: 'Never', zh: '永不过期' },
  neverHint: { en: 'Leave empty to never expire', zh: '留空表示永不过期' },
  nameRequired: { en: 'Name is required', zh: '名称不能为空' },
  namePattern: {
    en: 'Must start with a letter, followed by letters, digits, hyphens or underscores',
    zh: '必须以字母开头，后接字母、数字、中划线或下划线',
  },
  createKey: { en: 'Create API Key', zh: '创建 API 密钥' },
  editKey: { en: 'Edit API Key', zh: '编辑 API 密钥' },
  keyDetails: { en: 'API Key Details', zh: 'API 密钥详情' },
  createdTitle: { en: 'API key created', zh: 'API 密钥已创建' },
  secretWarning: {
    en: 'Copy the secret key now: it will not be shown again.',
    zh: '请立即复制 Secret Key，它将不会再次显示。',
  },
  secretHidden: { en: 'Shown only once, at creation', zh: '仅在创建时显示一次' },
  deleteConfirm: { en: 'Delete API key {{name}}?', zh: '确定删除 API 密钥 {{name}}？' },
  expireInPast: { en: 'The selected time cannot be earlier than the current time', zh: '所选时间不能早于当前时间' },
  basicAuthHint: {
    en: 'Use them as HTTP Basic credentials: API key as the username, secret key as the password.',
    zh: '以 HTTP Basic 方式使用：API Key 作为用户名，Secret Key 作为密码。',
  },
});
