import { useState } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { PagedTable } from '../../shared/PagedTable';
import { useTableQuery } from '../../shared/useTableQuery';
import { useCanWrite } from '../../shared/useCanWrite';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { defaultClientsQuery } from './clients.filters';
import { useBulkKickMutation, useClientsQuery } from './clients.api';
import { useClientColumns } from './clients.columns';
import type { ClientInfo } from './clients.types';
import { ClientsFilter } from './components/ClientsFilter';
import './clients.messages';

/** localStorage key of the column chooser, the same name as the official console's. */
export const CLIENT_COLUMNS_KEY = 'clientTableColumns';

export function ClientsPage() {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery(defaultClientsQuery);
  const result = useClientsQuery(query);
  const columns = useClientColumns(canWrite);
  const bulkKick = useBulkKickMutation();
  const [selected, setSelected] = useState<string[]>([]);

  return (
    <PageSection
      title={t('title')}
      extra={
        <>
          {canWrite && (
            <ConfirmAction
              title={t('kickOutBulkConfirm', { count: selected.length })}
              successMessage={t('kickedOut')}
              danger
              disabled={selected.length === 0}
              onConfirm={async () => {
                await bulkKick.mutateAsync(selected);
                setSelected([]);
              }}
            >
              <Button danger disabled={selected.length === 0}>
                {t('kickOutSelected')}
              </Button>
            </ConfirmAction>
          )}
          <Button icon={<ReloadOutlined />} loading={result.isFetching} onClick={() => void result.refetch()}>
            {tc('refresh')}
          </Button>
        </>
      }
    >
      <ClientsFilter value={query} onChange={setQuery} />
      <PagedTable<ClientInfo>
        rowKey="clientid"
        columns={columns}
        data={result.data}
        loading={result.isFetching}
        query={query}
        onQueryChange={setQuery}
        columnChooser={{ storageKey: CLIENT_COLUMNS_KEY }}
        rowSelection={
          canWrite
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false }
            : undefined
        }
      />
    </PageSection>
  );
}

export default ClientsPage;
