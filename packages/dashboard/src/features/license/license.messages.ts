import { defineMessages } from '../../i18n/defineMessages';

export const licenseMessages = defineMessages('license', {
  title: { en: 'License', zh: '许可证' },
  intro: {
    en: 'This node needs no license key: nothing here expires, and the only connection limit is the one set on the listeners.',
    zh: '本节点无需许可证密钥：不会过期，唯一的连接数上限来自监听器上的设置。',
  },
  edition: { en: 'Edition', zh: '版本' },
  edition_ee: { en: 'Enterprise API (EMQX 5.8 Enterprise compatible)', zh: '企业版 API（兼容 EMQX 5.8 企业版）' },
  edition_ce: { en: 'Open source', zh: '开源版' },
  type: { en: 'License type', zh: '许可证类型' },
  type_community: { en: 'Community (no key)', zh: '社区版（无密钥）' },
  customer: { en: 'Issued to', zh: '授权对象' },
  deployment: { en: 'Deployment', zh: '部署' },
  maxConnections: { en: 'Max connections', zh: '最大连接数' },
  unlimited: { en: 'Unlimited (no listener sets a limit)', zh: '不限（监听器未设置上限）' },
  maxConnectionsNote: { en: 'The sum of the enabled listeners’ limits', zh: '已启用监听器连接上限之和' },
  startAt: { en: 'In use since', zh: '启用日期' },
  expiryAt: { en: 'Expires', zh: '到期时间' },
  never: { en: 'Never', zh: '永不过期' },
  settingTitle: { en: 'Connection quota alarm', zh: '连接配额告警' },
  connection_high_watermark: { en: 'Connection high watermark', zh: '连接数高水位' },
  connection_low_watermark: { en: 'Connection low watermark', zh: '连接数低水位' },
  help_high: {
    en: 'Share of the max connections above which the connection quota alarm is raised.',
    zh: '连接数超过最大连接数的该比例时触发连接配额告警。',
  },
  help_low: {
    en: 'Share of the max connections below which the connection quota alarm is cleared. It must stay below the high watermark.',
    zh: '连接数低于最大连接数的该比例时清除连接配额告警。必须低于高水位。',
  },
});
