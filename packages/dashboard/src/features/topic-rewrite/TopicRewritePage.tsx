// Management › Advanced MQTT › Topic Rewrite: an ordered rule list saved whole (PUT /mqtt/topic_rewrite).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WholeListPage } from '../../shared/list/WholeListPage';
import { RuleModal } from './RuleModal';
import { useRewriteRulesQuery, useSaveRewriteRulesMutation, type RewriteRule } from './topic-rewrite.api';
import './topic-rewrite.messages';

export default function TopicRewritePage() {
  const { t } = useTranslation('topicRewrite');
  const save = useSaveRewriteRulesMutation();

  const columns = [
    { title: t('action'), dataIndex: 'action', key: 'action', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('source_topic'), dataIndex: 'source_topic', key: 'source_topic' },
    { title: t('re'), dataIndex: 're', key: 're', render: (v: string) => <code>{v}</code> },
    { title: t('dest_topic'), dataIndex: 'dest_topic', key: 'dest_topic' },
  ];

  return (
    <WholeListPage<RewriteRule>
      title={t('title')}
      intro={t('intro')}
      query={useRewriteRulesQuery()}
      save={save.mutateAsync}
      addLabel={t('addRule')}
      columns={columns}
      rowKey={(_r, i) => String(i)}
      move={{ up: t('moveUp'), down: t('moveDown') }}
      dialog={(d) => <RuleModal open={d.open} rule={d.item} onClose={d.onClose} onSubmit={d.onSubmit} />}
    />
  );
}
