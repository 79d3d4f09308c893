import { defineMessages } from '../../i18n/defineMessages';

// The flow view's texts (MQDeck: EMQX has no read-only flow view; its Flow Designer edits flows).
export const flowMessages = defineMessages('flow', {
  title: { en: 'Flows', zh: '数据流' },
  intro: {
    en: 'Where the data goes: each rule with its inputs (topics, events, sources) and its actions, with their live status (refreshed every 5 s). Read-only: open a rule, a source or an action to change it.',
    zh: '数据的去向：每条规则及其输入（主题、事件、数据源）和动作，并显示实时状态（每 5 秒刷新）。只读：打开规则、数据源或动作进行修改。',
  },
  search: { en: 'Filter by rule, topic, source or action', zh: '按规则、主题、数据源或动作筛选' },
  inputs: { en: 'Inputs', zh: '输入' },
  rule: { en: 'Rule', zh: '规则' },
  outputs: { en: 'Actions', zh: '动作' },
  topic: { en: 'Topic', zh: '主题' },
  event: { en: 'Event', zh: '事件' },
  source: { en: 'Source', zh: '数据源' },
  action: { en: 'Action', zh: '动作' },
  console: { en: 'Console output', zh: '控制台输出' },
  republish: { en: 'Republish', zh: '消息重发布' },
  connector: { en: 'Connector', zh: '连接器' },
  missing: { en: 'Not found', zh: '不存在' },
  noInput: { en: 'No input', zh: '无输入' },
  noOutput: { en: 'No action: the rule only counts its matches', zh: '无动作：规则只统计命中' },
  edge: { en: '{{from}} to {{to}}: {{status}}', zh: '{{from}} 到 {{to}}：{{status}}' },
  unused: { en: 'Not used by any rule', zh: '未被规则使用' },
  empty: { en: 'No rule yet. A flow appears here once a rule takes an input.', zh: '暂无规则。规则有输入后，这里会显示数据流。' },
  noMatch: { en: 'No flow matches the filter.', zh: '没有匹配筛选条件的数据流。' },
});
