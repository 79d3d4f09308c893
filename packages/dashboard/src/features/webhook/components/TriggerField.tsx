// The Trigger control (official Trigger.vue): messages (which message events, on which topic filters), events, or
// all messages and events. Its value is a TriggerValue; a rule SQL the form cannot show stays as it is ('custom').
import { Button, Checkbox, Flex, Input, Radio, Typography, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FormRule } from 'antd';
import { i18n } from '../../../i18n/i18n';
import { topicError } from '../../../shared/topic';
import { useRuleEventsQuery } from '../../rules/rules.api';
import { NO_EVENTS, eventTitle } from '../../rules/rule-events';
import { BRIDGE_PREFIX } from '../../rules/sql';
import { emptyTrigger, isMessageEvent, triggerProblem, type Trigger, type TriggerKind } from '../trigger';
import '../webhook.messages';

export type TriggerValue = Trigger | { kind: 'custom'; sql: string; ruleId: string };

/** The events a trigger can pick (the node's /rule_events, without the `$bridges/` inputs), published messages first. */
export function useTriggerEvents() {
  const q = useRuleEventsQuery();
  const all = (q.data ?? NO_EVENTS).filter((e) => !e.event.startsWith(BRIDGE_PREFIX));
  return { all, message: all.filter((e) => isMessageEvent(e.event)), other: all.filter((e) => !isMessageEvent(e.event)), loaded: q.isFetched };
}

const PROBLEM_TEXT = { nothing: 'webhook:triggerRequired', emptyTopic: 'webhook:topicRequired', repeatedTopic: 'webhook:repeatedTopic' } as const;

/** Form rule of the trigger: something chosen, every topic filled, valid and not repeated. */
export function triggerRule(): FormRule {
  return {
    validator: (_r, v: TriggerValue | undefined) => {
      if (!v) return Promise.reject(new Error(i18n.t('webhook:triggerRequired')));
      if (v.kind === 'custom') return Promise.resolve();
      const problem = triggerProblem(v);
      if (problem) return Promise.reject(new Error(i18n.t(PROBLEM_TEXT[problem])));
      const bad = v.kind === 'messages' ? v.topics.map((x) => [x, topicError(x.trim(), 'filter')] as const).find(([, e]) => e) : undefined;
      return bad ? Promise.reject(new Error(`${bad[0]}: ${bad[1]}`)) : Promise.resolve();
    },
  };
}

interface Props {
  value?: TriggerValue;
  onChange?: (v: TriggerValue) => void;
  disabled?: boolean;
}

export function TriggerField({ value = emptyTrigger(), onChange, disabled }: Props) {
  const { t, i18n: inst } = useTranslation('webhook');
  const { token } = theme.useToken();
  const events = useTriggerEvents();
  if (value.kind === 'custom') {
    return (
      <Flex vertical gap={token.marginXS}>
        <Typography.Text type="secondary">
          {t('customTrigger', { id: value.ruleId })} <Link to={`/rule/rules/${encodeURIComponent(value.ruleId)}?tab=settings`}>{value.ruleId}</Link>
        </Typography.Text>
        <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
          {value.sql}
        </Typography.Text>
      </Flex>
    );
  }
  const set = (patch: Partial<Trigger>) => onChange?.({ ...value, ...patch });
  // as the official console: 'message publish' → 'Message Publish' (start case; a Chinese title is unchanged)
  const options = (list: typeof events.all) => list.map((e) => ({ value: e.event, label: eventTitle(e, inst.language).replace(/\b[a-z]/g, (c) => c.toUpperCase()) }));
  const sub = { paddingLeft: token.paddingLG, paddingBottom: token.paddingSM };
  return (
    <Radio.Group
      value={value.kind}
      disabled={disabled}
      onChange={(e) => onChange?.({ ...emptyTrigger(e.target.value as TriggerKind) })}
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }}
    >
      <Radio value="messages">{t('messages')}</Radio>
      {value.kind === 'messages' && (
        <Flex vertical gap={token.marginSM} style={sub}>
          <Checkbox.Group
            aria-label={t('messages')}
            disabled={disabled}
            value={value.messageEvents}
            options={options(events.message)}
            onChange={(v) => set({ messageEvents: v })}
          />
          <Flex vertical gap={token.marginXS} style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadius, padding: token.paddingSM }}>
            <Typography.Text>{t('topicFilter')}</Typography.Text>
            {value.topics.length === 0 && <Typography.Text type="secondary">{t('topicFilterHelp')}</Typography.Text>}
            {value.topics.map((topic, i) => (
              <Flex key={i} gap={token.marginXS}>
                <Input
                  aria-label={`${t('topicFilter')} ${i + 1}`}
                  value={topic}
                  disabled={disabled}
                  style={{ maxWidth: 360 }}
                  onChange={(e) => set({ topics: value.topics.map((x, j) => (j === i ? e.target.value : x)) })}
                />
                {!disabled && (
                  <Button aria-label={`${t('removeHeader')} ${i + 1}`} icon={<DeleteOutlined />} onClick={() => set({ topics: value.topics.filter((_, j) => j !== i) })} />
                )}
              </Flex>
            ))}
            {!disabled && (
              <Button type="dashed" icon={<PlusOutlined />} style={{ width: 'fit-content' }} onClick={() => set({ topics: [...value.topics, ''] })}>
                {t('addTopic')}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
      <Radio value="events">{t('events')}</Radio>
      {value.kind === 'events' && (
        <div style={sub}>
          <Checkbox.Group aria-label={t('events')} disabled={disabled} value={value.events} options={options(events.other)} onChange={(v) => set({ events: v })} />
        </div>
      )}
      <Radio value="all">{t('allMsgsAndEvents')}</Radio>
    </Radio.Group>
  );
}
