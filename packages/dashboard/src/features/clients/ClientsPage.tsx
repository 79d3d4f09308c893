import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
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
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery(defaultClientsQuery);
  const result = useClientsQuery(query);
  const columns = useClientColumns(canWrite);
  const bulkKick = useBulkKickMutation();
  const [selected, setSelected] = useState<string[]>([]);

  return (
    <ListPage<ClientInfo>
      title={t('title')}
      list={result}
      actions={
        canWrite && (
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
        )
      }
      toolbar={<ClientsFilter value={query} onChange={setQuery} />}
      rowKey="clientid"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      // Laptop widths (1280-1440 px) show every default column without sideways scrolling: the table fits the
      // window, middle-size cells, and Clean Start (also a filter above) starts hidden in the column chooser.
      columnChooser={{ storageKey: CLIENT_COLUMNS_KEY, defaultHidden: ['clean_start'] }}
      fit
      size="middle"
      rowSelection={canWrite ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false } : undefined}
    />
  );
}

export default ClientsPage;
