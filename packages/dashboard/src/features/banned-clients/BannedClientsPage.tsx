// Access Control › Banned Clients: search (one filter, exact or regex), add, remove, clear all.
import { useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useTableQuery } from '../../shared/useTableQuery';
import { useCanWrite } from '../../shared/useCanWrite';
import { formatDateTime } from '../../shared/format';
import { defaultBannedQuery, useBannedQuery, useClearBannedMutation, useDeleteBanMutation, type Ban } from './banned-clients.api';
import { banAsLabel } from './banned-clients.labels';
import { BanClientModal } from './components/BanClientModal';
import { BannedFilter } from './components/BannedFilter';
import './banned-clients.messages';

export default function BannedClientsPage() {
  const { t } = useTranslation(['bannedClients', 'common']);
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery(defaultBannedQuery);
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

  return (
    <ListPage<Ban>
      title={t('title')}
      list={banned}
      noRefresh
      actions={
        canWrite && (
          <>
            <ConfirmAction title={t('clearAllConfirm')} onConfirm={() => clear.mutateAsync()} danger>
              <Button danger disabled={!banned.data?.data.length && query.page === 1 && !query.value}>
                {t('clearAll')}
              </Button>
            </ConfirmAction>
            <CreateButton onClick={() => setAdding(true)}>{t('add')}</CreateButton>
          </>
        )
      }
      toolbar={<BannedFilter value={query} onChange={setQuery} />}
      rowKey={(b) => `${b.as}:${b.who}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    >
      <BanClientModal open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
