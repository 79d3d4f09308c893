import { defineMessages } from '../../i18n/defineMessages';

export const loginMessages = defineMessages('login', {
  title: { en: 'Sign in to MQDeck', zh: '登录 MQDeck' },
  tagline: { en: 'One console for your MQTT brokers', zh: '一个控制台，管理您的 MQTT Broker' },
  pitch1: { en: 'Watch clients, subscriptions and message rates live', zh: '实时查看客户端、订阅与消息速率' },
  pitch2: { en: 'Works with the embedded node and with EMQX 5.8', zh: '同时适用于内置节点与 EMQX 5.8' },
  pitch3: { en: 'Test topics right here with the WebSocket client', zh: '使用 WebSocket 客户端直接测试主题' },
  username: { en: 'Username', zh: '用户名' },
  password: { en: 'Password', zh: '密码' },
  login: { en: 'Login', zh: '登录' },
  badCredentials: { en: 'Incorrect username or password', zh: '用户名或密码错误' },
  defaultPwdTitle: { en: 'Change the default password', zh: '修改默认密码' },
  defaultPwdHint: {
    en: 'You are using the default password. Change it now to keep the broker safe.',
    zh: '您正在使用默认密码，请立即修改以保障 Broker 安全。',
  },
  skip: { en: 'Skip', zh: '跳过' },
});
