// Access Control › Banned Clients: search (one filter, exact or regex), add, remove, clear all.
import { useState } from 'react';
import { Button, Checkbox, Flex, Input, Select, Tag, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { PagedTable } from '../../shared/PagedTable';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useTableQuery } from '../../shared/useTableQuery';
import { useCanWrite } from '../../shared/useCanWrite';
import { formatDateTime } from '../../shared/format';
import {
  defaultBannedQuery,
  useBannedQuery,
  useClearBannedMutation,
  useDeleteBanMutation,
  type Ban,
  type BanSearchField,
} from './banned-clients.api';
import { banAsLabel } from './banned-clients.labels';
import { BanClientModal } from './components/BanClientModal';
import './banned-clients.messages';

const SEARCH_FIELDS: BanSearchField[] = ['clientid', 'username', 'peerhost', 'peerhost_net'];

export default function BannedClientsPage() {
  const { t } = useTranslation('banned');
  const canWrite = useCanWrite();
  const { token } = theme.useToken();
  const [query, setQuery] = useTableQuery(defaultBannedQuery);
  const [draft, setDraft] = useState({ field: query.field, value: query.value ?? '', fuzzy: query.fuzzy });
  const [adding, setAdding] = useState(false);
  const banned = useBannedQuery(query);
  const del = useDeleteBanMutation();
  const clear = useClearBannedMutation();

  const columns: TableColumnsType<Ban> = [
    { title: t('as'), dataIndex: 'as', render: (as: string) => <Tag>{banAsLabel(t, as)}</Tag> },
    { title: t('who'), dataIndex: 'who', render: (who: string) => <Typography.Text code>{who}</Typography.Text> },
    { title: t('reason'), dataIndex: 'reason', render: (r?: string) => r || '-' },
    { title: t('at'), dataIndex: 'at', render: (at?: string | number) => formatDateTime(at) },
    {
      title: t('until'),
      dataIndex: 'until',
      render: (u?: string | number) => (u === undefined || u === 'infinity' ? t('neverExpire') : formatDateTime(u)),
    },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, b: Ban) => (
              <ConfirmAction
                title={t('deleteConfirm', { who: b.who })}
                onConfirm={() => del.mutateAsync({ as: b.as, who: b.who })}
                successMessage={t('common:deleteSuccess')}
                danger
              >
                <Button size="small" danger>
                  {t('common:delete')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  const search = () => setQuery({ field: draft.field, value: draft.value.trim() || undefined, fuzzy: draft.fuzzy });
  return (
    <PageSection
      title={t('title')}
      extra={
        canWrite && (
          <>
            <ConfirmAction title={t('clearAllConfirm')} onConfirm={() => clear.mutateAsync()} danger>
              <Button danger disabled={!banned.data?.data.length && query.page === 1 && !query.value}>
                {t('clearAll')}
              </Button>
            </ConfirmAction>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          </>
        )
      }
    >
      <Flex gap="small" wrap align="center" style={{ marginBottom: token.marginMD }}>
        <Select
          aria-label={t('as')}
          value={draft.field}
          style={{ minWidth: 200 }}
          options={SEARCH_FIELDS.map((f) => ({ value: f, label: banAsLabel(t, f) }))}
          onChange={(field) => setDraft((d) => ({ ...d, field }))}
        />
        <Input
          aria-label={t('searchPlaceholder')}
          placeholder={t('searchPlaceholder')}
          value={draft.value}
          allowClear
          style={{ width: 260 }}
          onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
          onPressEnter={search}
        />
        <Checkbox
          checked={draft.field === 'peerhost_net' || draft.fuzzy}
          disabled={draft.field === 'peerhost_net'}
          onChange={(e) => setDraft((d) => ({ ...d, fuzzy: e.target.checked }))}
        >
          {t('fuzzy')}
        </Checkbox>
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('common:search')}
        </Button>
        <Button
          onClick={() => {
            setDraft({ field: 'clientid', value: '', fuzzy: true });
            setQuery({ field: 'clientid', value: undefined, fuzzy: true });
          }}
        >
          {t('common:reset')}
        </Button>
      </Flex>
      <PagedTable<Ban>
        rowKey={(b) => `${b.as}:${b.who}`}
        columns={columns}
        data={banned.data}
        loading={banned.isFetching}
        query={query}
        onQueryChange={setQuery}
      />
      <BanClientModal open={adding} onClose={() => setAdding(false)} />
    </PageSection>
  );
}
