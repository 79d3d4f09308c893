// One message log (received or published): topic filter, hex toggle, clear, counter, and a paged list
// (newest first, 20 rows in the DOM) so a flood of 1,000 kept messages never renders them all at once.
import { ClearOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Input, Pagination, Switch, Tag, Typography, theme } from 'antd';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../shared/format';
import type { MessageLog } from '../model/messageLog';
import { formatPayload } from '../model/payload';
import type { PayloadView } from '../model/payload';
import { messageTopicFilter } from '../model/topics';
import type { LoggedMessage } from '../store/types';

const PAGE_SIZE = 20;

interface Props {
  log: MessageLog<LoggedMessage>;
  cap: number;
  onClear: () => void;
  testId: string;
}

export function MessageList({ log, cap, onClear, testId }: Props) {
  const { t } = useTranslation('websocket');
  const [query, setQuery] = useState('');
  const [view, setView] = useState<PayloadView>('text');
  const [page, setPage] = useState(1);
  // Filtering 1,000 items is cheap, but deferring keeps typing smooth while messages pour in.
  const deferredLog = useDeferredValue(log);
  const newestFirst = useMemo(() => {
    const match = messageTopicFilter(query);
    const out: LoggedMessage[] = [];
    for (let i = deferredLog.items.length - 1; i >= 0; i--) if (match(deferredLog.items[i].topic)) out.push(deferredLog.items[i]);
    return out;
  }, [deferredLog, query]);

  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={12} wrap align="center">
          <Input.Search
            allowClear
            placeholder={t('filterByTopic')}
            aria-label={t('filterByTopic')}
            style={{ width: 280 }}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
          <Flex gap={6} align="center">
            <Switch size="small" checked={view === 'hex'} onChange={(on) => setView(on ? 'hex' : 'text')} aria-label={t('hexView')} />
            <span>{t('hexView')}</span>
          </Flex>
        </Flex>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary" data-testid="message-total">
            {t('messageTotal', { total: formatNumber(log.total) })}
          </Typography.Text>
          <Button icon={<ClearOutlined />} onClick={onClear}>
            {t('clear')}
          </Button>
        </Flex>
      </Flex>
      {log.dropped > 0 && (
        <Alert type="warning" showIcon title={t('messagesDropped', { dropped: formatNumber(log.dropped), cap: formatNumber(cap) })} />
      )}
      {query && (
        <Typography.Text type="secondary">{t('shownOfKept', { shown: newestFirst.length, kept: deferredLog.items.length })}</Typography.Text>
      )}
      {newestFirst.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
      ) : (
        <Flex vertical gap={8}>
          {newestFirst.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((m) => (
            <MessageRow key={m.id} message={m} view={view} />
          ))}
        </Flex>
      )}
      {newestFirst.length > PAGE_SIZE && (
        <Pagination
          size="small"
          align="end"
          current={Math.min(page, Math.ceil(newestFirst.length / PAGE_SIZE))}
          pageSize={PAGE_SIZE}
          total={newestFirst.length}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Flex>
  );
}

const MessageRow = memo(function MessageRow({ message: m, view }: { message: LoggedMessage; view: PayloadView }) {
  const { t } = useTranslation('websocket');
  const { token } = theme.useToken();
  const payload = useMemo(() => formatPayload(m.payload, view), [m.payload, view]);
  const props = m.properties;
  return (
    <div
      data-testid="message"
      data-topic={m.topic}
      data-qos={m.qos}
      data-retain={m.retain}
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: token.paddingXS }}
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 4 }}>
        <Typography.Text type="secondary">{formatDateTime(m.time)}</Typography.Text>
        <Typography.Text strong code>
          {m.topic}
        </Typography.Text>
        <Tag>QoS {m.qos}</Tag>
        {m.retain && <Tag color="gold">{t('retainFlag')}</Tag>}
        {payload.json && <Tag color="blue">JSON</Tag>}
        {props?.contentType && <Tag>{props.contentType}</Tag>}
      </Flex>
      <pre
        style={{
          margin: 0,
          maxHeight: 160,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadiusSM,
          padding: token.paddingXS,
          fontSize: token.fontSizeSM,
        }}
      >
        {payload.text}
      </pre>
      {props && (props.userProperties?.length || props.responseTopic || props.correlationData || props.messageExpiryInterval !== undefined) ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('properties')}:{' '}
          {[
            props.responseTopic && `${t('responseTopic')}=${props.responseTopic}`,
            props.correlationData && `${t('correlationData')}=${props.correlationData}`,
            props.messageExpiryInterval !== undefined && `${t('messageExpiry')}=${props.messageExpiryInterval}`,
            ...(props.userProperties ?? []).map((p) => `${p.key}=${p.value}`),
          ]
            .filter(Boolean)
            .join(', ')}
        </Typography.Text>
      ) : null}
    </div>
  );
});
