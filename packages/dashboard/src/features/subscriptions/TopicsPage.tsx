import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { SearchBox } from '../../shared/SearchBox';
import { useTableQuery } from '../../shared/useTableQuery';
import { defaultTopicsQuery } from './subscriptions.filters';
import { useTopicsQuery, type TopicRoute } from './subscriptions.api';
import { useTopicColumns } from './subscriptions.columns';
import './subscriptions.messages';

/** The routing table (`GET /topics`): which topic filters are routed to which node. */
export function TopicsPage() {
  const { t } = useTranslation('subscriptions');
  const [query, setQuery] = useTableQuery(defaultTopicsQuery);
  const result = useTopicsQuery(query);
  const columns = useTopicColumns();
  return (
    <ListPage<TopicRoute>
      title={t('topicsTab')}
      list={result}
      toolbar={<SearchBox value={query.topic} onSearch={(topic) => setQuery({ topic })} label={t('topic')} placeholder={t('topicSearchPlaceholder')} />}
      rowKey={(r) => `${r.topic}|${r.node ?? r.session ?? ''}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    />
  );
}

export default TopicsPage;
