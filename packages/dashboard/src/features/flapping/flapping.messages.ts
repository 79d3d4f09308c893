import { defineMessages } from '../../i18n/defineMessages';

export const flappingMessages = defineMessages('flapping', {
  title: { en: 'Flapping Detect', zh: '连接抖动' },
  intro: {
    en: 'A client that disconnects more than the maximum count within the window time is banned for the ban time.',
    zh: '客户端在时间窗口内断开连接的次数超过最大次数时，将被封禁一段时间。',
  },
  enable: { en: 'Enable', zh: '启用' },
  windowTime: { en: 'Window Time', zh: '时间窗口' },
  maxCount: { en: 'Max Disconnects', zh: '最大断开次数' },
  banTime: { en: 'Ban Time', zh: '封禁时长' },
});
