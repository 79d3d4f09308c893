import { useEffect, useState } from 'react';
import { Button, Flex, Input, Select, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubscriptionsTableQuery } from '../subscriptions.filters';
import '../subscriptions.messages';

interface Props {
  value: SubscriptionsTableQuery;
  onChange: (patch: Partial<SubscriptionsTableQuery>) => void;
  nodes: string[];
}

type TextKey = 'clientid' | 'topic' | 'match_topic' | 'share_group';

/** Text filters are edited locally and applied together on Search/Enter, so typing does not fire a request per key. */
export function SubscriptionsFilter({ value, onChange, nodes }: Props) {
  const { t } = useTranslation('subscriptions');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const pick = (v: SubscriptionsTableQuery) => ({
    clientid: v.clientid,
    topic: v.topic,
    match_topic: v.match_topic,
    share_group: v.share_group,
  });
  const [draft, setDraft] = useState(pick(value));
  const applied = JSON.stringify(pick(value));
  useEffect(() => setDraft(JSON.parse(applied) as Record<TextKey, string>), [applied]);

  const text = (key: TextKey, label: string, tip?: string) => (
    <Tooltip title={tip}>
      <Input
        aria-label={label}
        placeholder={label}
        allowClear
        value={draft[key]}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
        onPressEnter={() => onChange(draft)}
        style={{ width: 200 }}
      />
    </Tooltip>
  );

  return (
    <Flex wrap gap={token.marginSM} style={{ marginBottom: token.marginMD }}>
      {text('clientid', t('clientid'))}
      {text('topic', t('topic'))}
      {text('match_topic', t('matchTopic'), t('matchTopicHint'))}
      {text('share_group', t('shareGroup'))}
      <Select
        aria-label={t('qos')}
        placeholder={t('qos')}
        allowClear
        value={value.qos || undefined}
        onChange={(qos?: SubscriptionsTableQuery['qos']) => onChange({ ...draft, qos: qos ?? '' })}
        options={['0', '1', '2'].map((q) => ({ value: q, label: `QoS ${q}` }))}
        style={{ width: 110 }}
      />
      {nodes.length > 1 && (
        <Select
          aria-label={t('node')}
          placeholder={t('node')}
          allowClear
          value={value.node || undefined}
          onChange={(node?: string) => onChange({ ...draft, node: node ?? '' })}
          options={nodes.map((n) => ({ value: n, label: n }))}
          style={{ minWidth: 180 }}
        />
      )}
      <Button type="primary" onClick={() => onChange(draft)}>
        {tc('search')}
      </Button>
      <Button onClick={() => onChange({ clientid: '', topic: '', match_topic: '', share_group: '', qos: '', node: '' })}>{tc('reset')}</Button>
    </Flex>
  );
}
