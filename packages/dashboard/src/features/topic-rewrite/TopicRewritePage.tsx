// Management › Advanced MQTT › Topic Rewrite: an ordered rule list saved whole (PUT /mqtt/topic_rewrite).
import { useState } from 'react';
import { Alert, Button, Space, Table, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { PageSection } from '../../shared/PageSection';
import { useCanWrite } from '../../shared/useCanWrite';
import { RuleModal } from './RuleModal';
import { useRewriteRulesQuery, useSaveRewriteRulesMutation, type RewriteRule } from './topic-rewrite.api';
import './topic-rewrite.messages';

export default function TopicRewritePage() {
  const { t } = useTranslation('topicRewrite');
  const canWrite = useCanWrite();
  const list = useRewriteRulesQuery();
  const save = useSaveRewriteRulesMutation();
  const [editing, setEditing] = useState<{ open: boolean; index?: number }>({ open: false });
  const rules = list.data ?? [];

  const commit = async (next: RewriteRule[]) => {
    await save.mutateAsync(next);
    void toast().success(t('common:saveSuccess'));
  };
  const move = (i: number, d: -1 | 1) => {
    const next = [...rules];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    void commit(next).catch(() => undefined);
  };

  const columns = [
    { title: t('action'), dataIndex: 'action', key: 'action', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('source_topic'), dataIndex: 'source_topic', key: 'source_topic' },
    { title: t('re'), dataIndex: 're', key: 're', render: (v: string) => <code>{v}</code> },
    { title: t('dest_topic'), dataIndex: 'dest_topic', key: 'dest_topic' },
    ...(canWrite ? [{
      title: t('common:actions'),
      key: 'ops',
      render: (_: unknown, _r: RewriteRule, i: number) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, index: i })}>{t('common:edit')}</Button>
          <Button type="text" size="small" aria-label={t('moveUp')} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} />
          <Button type="text" size="small" aria-label={t('moveDown')} icon={<ArrowDownOutlined />} disabled={i === rules.length - 1} onClick={() => move(i, 1)} />
          <ConfirmAction title={t('common:deleteConfirm')} danger successMessage={false} onConfirm={() => commit(rules.filter((_, j) => j !== i))}>
            <Button type="link" size="small" danger>{t('common:delete')}</Button>
          </ConfirmAction>
        </Space>
      ),
    }] : []),
  ];

  return (
    <PageSection title={t('title')}
      extra={canWrite && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>{t('addRule')}</Button>}>
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
      {list.isError && <Alert type="error" showIcon title={t('common:errorOccurred')} style={{ marginBottom: 16 }} />}
      <Table rowKey={(_r, i) => String(i)} columns={columns} dataSource={rules} loading={list.isLoading} pagination={false} />
      <RuleModal open={editing.open} rule={editing.index === undefined ? undefined : rules[editing.index]} onCancel={() => setEditing({ open: false })}
        onSubmit={async (rule) => {
          await commit(editing.index === undefined ? [...rules, rule] : rules.map((r, j) => (j === editing.index ? rule : r)));
          setEditing({ open: false });
        }} />
    </PageSection>
  );
}
