import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { useTableQuery } from '../../shared/useTableQuery';
import { useNodeNamesQuery } from '../../shared/useNodeNamesQuery';
import { defaultSubscriptionsQuery } from './subscriptions.filters';
import { useSubscriptionsQuery, type SubscriptionRow } from './subscriptions.api';
import { useSubscriptionColumns } from './subscriptions.columns';
import { SubscriptionsFilter } from './components/SubscriptionsFilter';
import './subscriptions.messages';

export function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const [query, setQuery] = useTableQuery(defaultSubscriptionsQuery);
  const result = useSubscriptionsQuery(query);
  const nodes = useNodeNamesQuery();
  const columns = useSubscriptionColumns();
  return (
    <ListPage<SubscriptionRow>
      title={t('subscriptionsTab')}
      list={result}
      toolbar={<SubscriptionsFilter value={query} onChange={setQuery} nodes={nodes.data ?? []} />}
      rowKey={(r) => `${r.node ?? ''}|${r.clientid ?? ''}|${r.topic ?? ''}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    />
  );
}

export default SubscriptionsPage;
