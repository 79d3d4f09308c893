// Integration › Rules: the rule list with search (ID, data input or note), enable switch, metrics, delete.
import { Button, Flex, Input, Select, Switch, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useTableQuery } from '../../shared/useTableQuery';
import { useCanWrite } from '../../shared/useCanWrite';
import { formatDateTime } from '../../shared/format';
import { SEARCH_FIELDS, defaultRulesQuery, useDeleteRuleMutation, useRulesQuery, useToggleRuleMutation, type RulesTableQuery, type SearchField } from './rules.api';
import type { Rule } from './rules.types';
import { RuleMetricsCell } from './components/RuleMetricsCell';
import './rules.messages';

const FIELD_LABEL = { like_id: 'likeId', like_from: 'likeFrom', like_description: 'likeDescription' } as const;

export default function RulesPage() {
  const { t } = useTranslation(['rules', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const [query, setQuery] = useTableQuery(defaultRulesQuery);
  const rules = useRulesQuery(query);
  const del = useDeleteRuleMutation();
  const toggle = useToggleRuleMutation();

  const columns: TableColumnsType<Rule> = [
    { title: t('id'), dataIndex: 'id', render: (id: string) => <Link to={`/rule/rules/${encodeURIComponent(id)}`}>{id}</Link> },
    { title: t('note'), dataIndex: 'description', render: (d?: string) => d || '-' },
    {
      title: t('sql'),
      dataIndex: 'sql',
      render: (sql: string) => (
        <Typography.Text code ellipsis={{ tooltip: sql }} style={{ maxWidth: 320 }}>
          {sql}
        </Typography.Text>
      ),
    },
    {
      title: t('enable'),
      dataIndex: 'enable',
      render: (enable: boolean, r) => (
        <Switch
          size="small"
          aria-label={`${t('enable')} ${r.id}`}
          checked={enable}
          disabled={!canWrite}
          loading={toggle.isPending && toggle.variables?.rule.id === r.id}
          onChange={(on) => toggle.mutate({ rule: r, enable: on })}
        />
      ),
    },
    { title: t('metrics'), key: 'metrics', render: (_: unknown, r) => <RuleMetricsCell id={r.id} /> },
    { title: t('createdAt'), dataIndex: 'created_at', render: (at?: string) => formatDateTime(at) },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, r: Rule) => (
              <Flex gap="small">
                <Button size="small" onClick={() => navigate(`/rule/rules/${encodeURIComponent(r.id)}?tab=settings`)}>
                  {t('common:edit')}
                </Button>
                <ConfirmAction title={t('deleteConfirm', { id: r.id })} onConfirm={() => del.mutateAsync(r.id)} successMessage={t('common:deleteSuccess')} danger>
                  <Button size="small" danger>
                    {t('common:delete')}
                  </Button>
                </ConfirmAction>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Rule>
      title={t('title')}
      list={rules}
      actions={canWrite && <CreateButton onClick={() => navigate('/rule/rules/create')}>{t('common:create')}</CreateButton>}
      toolbar={<RulesFilter value={query} onChange={setQuery} />}
      rowKey="id"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    />
  );
}

function RulesFilter({ value, onChange }: { value: RulesTableQuery; onChange: (patch: Partial<RulesTableQuery>) => void }) {
  const { t } = useTranslation(['rules', 'common']);
  const { token } = theme.useToken();
  const [draft, setDraft] = useState({ field: value.field, value: value.value ?? '' });
  useEffect(() => setDraft({ field: value.field, value: value.value ?? '' }), [value.field, value.value]);
  const search = () => onChange({ field: draft.field, value: draft.value.trim() || undefined });
  return (
    <Flex gap="small" wrap align="center" style={{ marginBottom: token.marginMD }}>
      <Select<SearchField>
        aria-label={t('searchBy')}
        value={draft.field}
        style={{ minWidth: 200 }}
        options={SEARCH_FIELDS.map((f) => ({ value: f, label: t(FIELD_LABEL[f]) }))}
        onChange={(field) => setDraft((d) => ({ ...d, field }))}
      />
      <Input
        aria-label={t('searchValue')}
        placeholder={t('searchValue')}
        value={draft.value}
        allowClear
        style={{ width: 260 }}
        onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
        onPressEnter={search}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={search}>
        {t('common:search')}
      </Button>
      <Button onClick={() => onChange({ field: 'like_id', value: undefined })}>{t('common:reset')}</Button>
    </Flex>
  );
}
