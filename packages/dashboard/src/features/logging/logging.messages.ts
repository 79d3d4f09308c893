import { defineMessages } from '../../i18n/defineMessages';

export const loggingMessages = defineMessages('logging', {
  title: { en: 'Logging', zh: '日志' },
  consoleHandler: { en: 'Console Handler', zh: '控制台日志' },
  fileHandler: { en: 'File Handler', zh: '文件日志' },
  enable: { en: 'Enable', zh: '启用' },
  level: { en: 'Log Level', zh: '日志级别' },
  formatter: { en: 'Log Formatter', zh: '日志格式' },
  time_offset: { en: 'Time Offset', zh: '时间偏移' },
  timestamp_format: { en: 'Timestamp Format', zh: '时间戳格式' },
  payload_encode: { en: 'Payload Encoding', zh: '消息内容编码' },
  path: { en: 'Log File Name', zh: '日志文件名' },
  rotation_count: { en: 'Rotation Count', zh: '轮换文件数量' },
  rotation_size: { en: 'Rotation Size', zh: '轮换文件大小' },
  time_window: { en: 'Log Throttling Window', zh: '日志限流时间窗口' },
  throttling: { en: 'Throttling', zh: '日志限流' },
  appliedLive: { en: 'Changes apply to the running node immediately.', zh: '修改将立即应用到正在运行的节点。' },
});
