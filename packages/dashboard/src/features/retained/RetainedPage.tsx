import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Input, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { PagedTable } from '../../shared/PagedTable';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useTableQuery } from '../../shared/useTableQuery';
import { useCanWrite } from '../../shared/useCanWrite';
import {
  defaultRetainedQuery,
  useClearRetainedMutation,
  useDeleteRetainedMutation,
  useRetainedListQuery,
  useRetainerConfigQuery,
  type RetainedSummary,
} from './retained.api';
import { useRetainedColumns } from './retained.columns';
import { RetainedPayloadDrawer } from './components/RetainedPayloadDrawer';
import './retained.messages';

export function RetainedPage() {
  const { t } = useTranslation('retained');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery(defaultRetainedQuery);
  const list = useRetainedListQuery(query);
  const config = useRetainerConfigQuery();
  const del = useDeleteRetainedMutation();
  const clear = useClearRetainedMutation();
  const [viewing, setViewing] = useState<string>();
  const [text, setText] = useState(query.topic);
  useEffect(() => setText(query.topic), [query.topic]);
  const columns = useRetainedColumns({ canWrite, onView: setViewing, onDelete: del.mutateAsync });

  return (
    <PageSection
      title={t('title')}
      extra={
        <>
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {tc('refresh')}
          </Button>
          {canWrite && (
            <ConfirmAction title={t('clearAllConfirm')} successMessage={t('cleared')} danger onConfirm={clear.mutateAsync}>
              <Button danger>{t('clearAll')}</Button>
            </ConfirmAction>
          )}
        </>
      }
    >
      {config.data?.enable === false && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: token.marginMD }}
          title={<Link to="/mqtt/retainer">{t('disabled')}</Link>}
        />
      )}
      <Flex style={{ marginBottom: token.marginMD }}>
        <Input.Search
          aria-label={t('topic')}
          placeholder={t('topicPlaceholder')}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(topic) => setQuery({ topic: topic.trim() })}
          style={{ maxWidth: 360 }}
        />
      </Flex>
      <PagedTable<RetainedSummary>
        rowKey={(r) => r.topic ?? r.msgid ?? ''}
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        query={query}
        onQueryChange={setQuery}
      />
      <RetainedPayloadDrawer topic={viewing} onClose={() => setViewing(undefined)} />
    </PageSection>
  );
}

export default RetainedPage;
