import { useState } from 'react';
import { Alert, Button, Flex, Select, Table, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { PAGE_SIZES } from '../../../shared/list/PagedTable';
import { PayloadViewer } from '../../../shared/PayloadViewer';
import { formatDateTime } from '../../../shared/format';
import { useQueueMessagesQuery } from '../clients.api';
import type { QueueKind, QueuedMessage } from '../clients.types';
import '../clients.messages';
import { errorText } from '../../../shared/apiErrors';

interface Props {
  clientid: string;
  kind: QueueKind;
}

/**
 * Whether a next page may hold data. EMQX 5.8 has no end marker (`meta.position` is the last row's position on
 * every page), so a page shorter than the limit is the last one; older EMQX versions sent 'end_of_data'.
 */
export function hasMore(position: string | undefined, rows: number, limit: number): boolean {
  return rows > 0 && rows >= limit && !!position && position !== 'end_of_data' && position !== 'none';
}

/**
 * Message queue / inflight window with position paging: the API only goes forward, so the positions
 * already visited are kept in a stack for "previous".
 */
export function QueueMessages({ clientid, kind }: Props) {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const [limit, setLimit] = useState(20);
  const [stack, setStack] = useState<string[]>(['none']);
  const position = stack[stack.length - 1];
  const q = useQueueMessagesQuery(clientid, kind, position, limit);
  const rows = q.data?.data ?? [];
  const next = q.data?.meta.position;

  const columns = [
    { key: 'msgid', dataIndex: 'msgid', title: t('msgid'), ellipsis: true },
    { key: 'topic', dataIndex: 'topic', title: t('topic') },
    { key: 'qos', dataIndex: 'qos', title: t('qos') },
    ...(kind === 'mqueue' ? [{ key: 'mqueue_priority', dataIndex: 'mqueue_priority', title: t('priority') }] : []),
    { key: 'from_clientid', dataIndex: 'from_clientid', title: t('fromClientid') },
    { key: 'from_username', dataIndex: 'from_username', title: t('fromUsername') },
    { key: 'publish_at', dataIndex: 'publish_at', title: t('publishAt'), render: formatDateTime },
  ];

  return (
    <div>
      {q.isError && (
        <Alert
          type={isApiError(q.error) && q.error.status === 501 ? 'info' : 'error'}
          showIcon
          title={t('queueNotAvailable')}
          description={errorText(q.error)}
          style={{ marginBottom: token.marginSM }}
        />
      )}
      <Table<QueuedMessage>
        size="small"
        rowKey={(r) => `${r.msgid ?? ''}:${r.inserted_at ?? ''}`}
        loading={q.isFetching}
        dataSource={rows}
        pagination={false}
        columns={columns}
        expandable={{
          expandedRowRender: (r) => <PayloadViewer payload={r.payload ?? ''} topic={r.topic} />,
          rowExpandable: (r) => r.payload !== undefined,
        }}
      />
      <Flex justify="end" align="center" gap={token.marginSM} style={{ marginTop: token.marginMD }}>
        <Button disabled={stack.length <= 1} onClick={() => setStack(['none'])}>
          {t('firstPage')}
        </Button>
        <Button icon={<LeftOutlined />} aria-label={tc('prevPage')} disabled={stack.length <= 1} onClick={() => setStack((s) => s.slice(0, -1))} />
        <Button
          icon={<RightOutlined />}
          aria-label={tc('nextPage')}
          disabled={!hasMore(next, rows.length, limit) || q.isPlaceholderData}
          onClick={() => next && setStack((s) => [...s, next])}
        />
        <Select
          aria-label={tc('pageSize', { size: limit })}
          value={limit}
          onChange={(l: number) => {
            setLimit(l);
            setStack(['none']);
          }}
          options={PAGE_SIZES.map((s) => ({ value: s, label: tc('pageSize', { size: s }) }))}
          style={{ minWidth: 110 }}
        />
      </Flex>
    </div>
  );
}
