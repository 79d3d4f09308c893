// A rule's FROM as the operator reads it: topic filters as they are, events by their title (/rule_events).
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuleEventsQuery } from '../../rules/rules.api';
import { eventTitle } from '../../rules/rule-events';
import { inputKind } from '../../rules/sql';

export function TriggerTags({ from, max = 4 }: { from: readonly string[]; max?: number }) {
  const { i18n } = useTranslation();
  const events = useRuleEventsQuery().data;
  if (from.length === 0) return <>-</>;
  const label = (input: string) => {
    const e = inputKind(input) === 'event' ? events?.find((x) => x.event === input) : undefined;
    return e ? eventTitle(e, i18n.language) : input;
  };
  return (
    <Flex gap={4} wrap>
      {from.slice(0, max).map((input) => (
        <Tag key={input} color={inputKind(input) === 'topic' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0, maxWidth: '100%' }}>
          <Typography.Text ellipsis={{ tooltip: label(input) }} style={{ maxWidth: '100%', color: 'inherit', fontSize: 'inherit' }}>
            {label(input)}
          </Typography.Text>
        </Tag>
      ))}
      {from.length > max && <Tag style={{ marginInlineEnd: 0 }}>+{from.length - max}</Tag>}
    </Flex>
  );
}
