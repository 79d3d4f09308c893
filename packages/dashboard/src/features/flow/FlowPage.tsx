// Integration › Flows (MQDeck, read-only): sources → rules → actions as the node has them, one lane per rule, every
// node's status live (refreshed every 5 s), and the sources and actions no rule uses yet.
import { useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Spin, Typography, theme } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { errorText } from '../../shared/apiErrors';
import { useFlowQuery } from './flow.api';
import { filterLanes } from './flow.graph';
import { FlowLane, NodeCard } from './components/FlowLane';
import './flow.messages';

export default function FlowPage() {
  const { t } = useTranslation(['flow', 'common']);
  const { token } = theme.useToken();
  const q = useFlowQuery();
  const [filter, setFilter] = useState('');
  const flow = q.data;
  const lanes = flow ? filterLanes(flow.lanes, filter) : [];
  const unused = flow ? [...flow.unusedSources, ...flow.unusedActions] : [];

  return (
    <PageSection
      title={t('title')}
      extra={
        <Flex gap="small">
          <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
            {t('common:refresh')}
          </Button>
          <Link to="/flow/create">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('create')}
            </Button>
          </Link>
        </Flex>
      }
    >
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: token.margin }} />
      {q.isError && <Alert type="error" showIcon title={errorText(q.error)} style={{ marginBottom: token.margin }} />}
      {q.isPending && <Spin />}
      {flow && (
        <>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ maxWidth: 360, marginBottom: token.margin }}
          />
          <Flex style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <span style={{ flex: 1, textAlign: 'end', paddingRight: 48 }}>{t('inputs')}</span>
            <span style={{ minWidth: 180, textAlign: 'center' }}>{t('rule')}</span>
            <span style={{ flex: 1, paddingLeft: 48 }}>{t('outputs')}</span>
          </Flex>
          {flow.lanes.length === 0 ? (
            <Empty description={t('empty')} />
          ) : lanes.length === 0 ? (
            <Empty description={t('noMatch')} />
          ) : (
            lanes.map((l) => <FlowLane key={l.rule.id} lane={l} />)
          )}
          {unused.length > 0 && (
            <section style={{ marginTop: token.marginLG }} aria-label={t('unused')}>
              <Typography.Title level={5}>{t('unused')}</Typography.Title>
              <Flex gap={token.marginSM} wrap>
                {unused.map((n) => (
                  <NodeCard key={`${n.kind}-${n.id}`} node={n} />
                ))}
              </Flex>
            </section>
          )}
        </>
      )}
    </PageSection>
  );
}
