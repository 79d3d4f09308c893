import { defineMessages } from '../../i18n/defineMessages';

export const alarmsMessages = defineMessages('alarms', {
  title: { en: 'Alarms', zh: '告警' },
  current: { en: 'Active', zh: '当前告警' },
  history: { en: 'History', zh: '历史告警' },
  name: { en: 'Alarm Name', zh: '告警名称' },
  message: { en: 'Message', zh: '告警信息' },
  details: { en: 'Details', zh: '详情' },
  activateAt: { en: 'Activated At', zh: '触发时间' },
  deactivateAt: { en: 'Deactivated At', zh: '恢复时间' },
  duration: { en: 'Duration', zh: '持续时间' },
  deactivate: { en: 'Deactivate', zh: '解除' },
  deactivateConfirm: { en: 'Deactivate alarm {{name}}? It is raised again if the condition persists.', zh: '确定解除告警 {{name}} 吗？若条件仍然存在，告警会再次触发。' },
  clearHistory: { en: 'Clear History', zh: '清除历史告警' },
  settings: { en: 'Alarm Settings', zh: '告警设置' },
  clearHistoryConfirm: { en: 'Clear all deactivated alarms?', zh: '确定清除所有已恢复的告警吗？' },
});
