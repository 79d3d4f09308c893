import { defineMessages } from '../../i18n/defineMessages';

// Sources (ingress): EMQX console wording; spec 001 §4 texts.
export const sourcesMessages = defineMessages('sources', {
  title: { en: 'Sources', zh: '数据源' },
  createSource: { en: 'Create Source', zh: '创建 Source' },
  notFound: { en: 'This source does not exist.', zh: '该 Source 不存在。' },
  deleteConfirm: { en: 'Delete source {{id}}?', zh: '确认删除 Source {{id}}？' },
  deleteBlocked: { en: 'Please remove the source in rules below before deleting.', zh: '请先移除下方规则中的 source，再进行删除操作。' },
  updateSourceTip: { en: 'Updating configuration will cause the Source to restart.', zh: '更新配置会导致 Source 重启。' },
  ruleInput: { en: 'Rule Input', zh: '规则数据源' },
});
