import { useEffect, useState } from 'react';
import { Button, Flex, Input, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { PagedTable } from '../../shared/PagedTable';
import { useTableQuery } from '../../shared/useTableQuery';
import { defaultTopicsQuery } from './subscriptions.filters';
import { useTopicsQuery, type TopicRoute } from './subscriptions.api';
import { useTopicColumns } from './subscriptions.columns';
import './subscriptions.messages';

/** The routing table (`GET /topics`): which topic filters are routed to which node. */
export function TopicsPage() {
  const { t } = useTranslation('subscriptions');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const [query, setQuery] = useTableQuery(defaultTopicsQuery);
  const result = useTopicsQuery(query);
  const columns = useTopicColumns();
  const [text, setText] = useState(query.topic);
  useEffect(() => setText(query.topic), [query.topic]);
  return (
    <PageSection
      title={t('topicsTab')}
      extra={
        <Button icon={<ReloadOutlined />} loading={result.isFetching} onClick={() => void result.refetch()}>
          {tc('refresh')}
        </Button>
      }
    >
      <Flex style={{ marginBottom: token.marginMD }}>
        <Input.Search
          aria-label={t('topic')}
          placeholder={t('topicSearchPlaceholder')}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(topic) => setQuery({ topic: topic.trim() })}
          style={{ maxWidth: 360 }}
        />
      </Flex>
      <PagedTable<TopicRoute>
        rowKey={(r) => `${r.topic}|${r.node ?? r.session ?? ''}`}
        columns={columns}
        data={result.data}
        loading={result.isFetching}
        query={query}
        onQueryChange={setQuery}
      />
    </PageSection>
  );
}

export default TopicsPage;
