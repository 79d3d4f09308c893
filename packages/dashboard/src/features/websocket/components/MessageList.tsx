// One message log (received or published): topic filter, hex toggle, clear, counter, and a paged window of the
// newest messages (20 rows in the DOM at most) so a flood of 1,000 kept messages never renders them all.
import { ClearOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Input, Pagination, Switch, Typography } from 'antd';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import type { MessageLog } from '../model/messageLog';
import type { PayloadView } from '../model/payload';
import { messageTopicFilter } from '../model/topics';
import { DecoderRulesButton } from '../../../shared/payload-decoding/DecoderRules';
import { useDecoderRules } from '../../../shared/payload-decoding/memory';
import { useDecoderSchemas } from '../../../shared/payload-decoding/useDecoderSchemas';
import type { LoggedMessage } from '../store/types';
import { MessageRow, useRowStyles } from './MessageRow';

const PAGE_SIZE = 20;

interface Props {
  log: MessageLog<LoggedMessage>;
  /** False while the list is hidden: it then ignores new logs and renders nothing new. */
  live: boolean;
  cap: number;
  onClear: () => void;
  testId: string;
}

/** Newest first, the matches of one page, and how many match in all (one pass over at most `cap` messages). */
function pageOf(items: readonly LoggedMessage[], query: string, page: number) {
  const match = messageTopicFilter(query);
  const from = (page - 1) * PAGE_SIZE;
  const rows: LoggedMessage[] = [];
  let matched = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    if (!match(items[i].topic)) continue;
    if (matched >= from && matched < from + PAGE_SIZE) rows.push(items[i]);
    matched++;
  }
  return { rows, matched };
}

function MessageListView({ log, cap, onClear, testId }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const [query, setQuery] = useState('');
  const [view, setView] = useState<PayloadView>('text');
  const [page, setPage] = useState(1);
  const styles = useRowStyles();
  // decoders remembered per topic filter apply to the rows of matching topics (the text view; Hex shows raw bytes)
  const rules = useDecoderRules();
  const { schemas, error } = useDecoderSchemas(rules.some((r) => r.decoder.startsWith('avro:') || r.decoder.startsWith('protobuf:')));
  const source = useMemo(() => ({ schemas, error }), [schemas, error]);
  // A new batch renders at low priority: typing in the filter (or anywhere) interrupts it.
  const deferredLog = useDeferredValue(log);
  const pages = useMemo(() => pageOf(deferredLog.items, query, 1), [deferredLog, query]);
  const lastPage = Math.max(1, Math.ceil(pages.matched / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = useMemo(() => (current === 1 ? pages : pageOf(deferredLog.items, query, current)), [pages, deferredLog, query, current]);

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
          <DecoderRulesButton />
        </Flex>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary" data-testid="message-total">
            {t('messageTotal', { total: formatNumber(deferredLog.total) })}
          </Typography.Text>
          <Button icon={<ClearOutlined />} onClick={onClear}>
            {t('clear')}
          </Button>
        </Flex>
      </Flex>
      {deferredLog.dropped > 0 && <Alert type="warning" showIcon title={t('messagesDropped', { dropped: formatNumber(deferredLog.dropped), cap: formatNumber(cap) })} />}
      {query && <Typography.Text type="secondary">{t('shownOfKept', { shown: pages.matched, kept: deferredLog.items.length })}</Typography.Text>}
      {shown.rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
      ) : (
        <Flex vertical gap={8}>
          {/* Keyed by slot, not by message: a new batch updates the same 20 elements instead of replacing them. */}
          {shown.rows.map((m, slot) => (
            <MessageRow key={slot} message={m} view={view} styles={styles} rules={rules} source={source} />
          ))}
        </Flex>
      )}
      {pages.matched > PAGE_SIZE && <Pagination size="small" align="end" current={current} pageSize={PAGE_SIZE} total={pages.matched} showSizeChanger={false} onChange={setPage} />}
    </Flex>
  );
}

// A hidden list keeps what it showed last; it catches up with the store once it is live again.
export const MessageList = memo(MessageListView, (prev, next) => {
  if (!prev.live && !next.live) return true;
  return prev.live === next.live && prev.log === next.log && prev.onClear === next.onClear && prev.cap === next.cap && prev.testId === next.testId;
});
