import { useState } from 'react';
import { Alert, Button, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { SearchBox } from '../../shared/SearchBox';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useTableQuery } from '../../shared/useTableQuery';
import { useCanWrite } from '../../shared/useCanWrite';
import { defaultRetainedQuery, useClearRetainedMutation, useDeleteRetainedMutation, useRetainedListQuery, useRetainerConfigQuery, type RetainedSummary } from './retained.api';
import { useRetainedColumns } from './retained.columns';
import { RetainedPayloadDrawer } from './components/RetainedPayloadDrawer';
import './retained.messages';

export function RetainedPage() {
  const { t } = useTranslation('retained');
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery(defaultRetainedQuery);
  const list = useRetainedListQuery(query);
  const config = useRetainerConfigQuery();
  const del = useDeleteRetainedMutation();
  const clear = useClearRetainedMutation();
  const [viewing, setViewing] = useState<string>();
  const columns = useRetainedColumns({ canWrite, onView: setViewing, onDelete: del.mutateAsync });

  return (
    <ListPage<RetainedSummary>
      title={t('title')}
      list={list}
      actions={
        canWrite && (
          <ConfirmAction title={t('clearAllConfirm')} successMessage={t('cleared')} danger onConfirm={clear.mutateAsync}>
            <Button danger>{t('clearAll')}</Button>
          </ConfirmAction>
        )
      }
      toolbar={
        <>
          {config.data?.enable === false && <Alert type="warning" showIcon style={{ marginBottom: token.marginMD }} title={<Link to="/mqtt/retainer">{t('disabled')}</Link>} />}
          <SearchBox value={query.topic} onSearch={(topic) => setQuery({ topic })} label={t('topic')} placeholder={t('topicPlaceholder')} />
        </>
      }
      rowKey={(r) => r.topic ?? r.msgid ?? ''}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    >
      <RetainedPayloadDrawer topic={viewing} onClose={() => setViewing(undefined)} />
    </ListPage>
  );
}

export default RetainedPage;
