import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { PagedTable } from '../../shared/PagedTable';
import { useTableQuery } from '../../shared/useTableQuery';
import { useNodeNamesQuery } from '../../shared/useNodeNamesQuery';
import { defaultSubscriptionsQuery } from './subscriptions.filters';
import { useSubscriptionsQuery, type SubscriptionRow } from './subscriptions.api';
import { useSubscriptionColumns } from './subscriptions.columns';
import { SubscriptionsFilter } from './components/SubscriptionsFilter';
import './subscriptions.messages';

export function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const { t: tc } = useTranslation('common');
  const [query, setQuery] = useTableQuery(defaultSubscriptionsQuery);
  const result = useSubscriptionsQuery(query);
  const nodes = useNodeNamesQuery();
  const columns = useSubscriptionColumns();
  return (
    <PageSection
      title={t('subscriptionsTab')}
      extra={
        <Button icon={<ReloadOutlined />} loading={result.isFetching} onClick={() => void result.refetch()}>
          {tc('refresh')}
        </Button>
      }
    >
      <SubscriptionsFilter value={query} onChange={setQuery} nodes={nodes.data ?? []} />
      <PagedTable<SubscriptionRow>
        rowKey={(r) => `${r.node ?? ''}|${r.clientid ?? ''}|${r.topic ?? ''}`}
        columns={columns}
        data={result.data}
        loading={result.isFetching}
        query={query}
        onQueryChange={setQuery}
      />
    </PageSection>
  );
}

export default SubscriptionsPage;
