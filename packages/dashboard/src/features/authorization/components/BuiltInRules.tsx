// Built-in database permissions: tabs Client ID / Username (paged lists of rule sets) and All Users (one list).
// The chosen tab is `?rules=clients|users|all` in the URL (beside the outer `?tab=`), so a reload keeps it.
import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../../../shared/list/PagedTable';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { toast } from '../../../app/bridge';
import { useAllRulesQuery, useDeleteRulesMutation, useRulesQuery, useSaveAllRulesMutation, type Rule, type RuleInput, type RulesKind, type RulesRow } from '../authorization.api';
import { RulesEditor, cleanRules } from './RulesEditor';
import { RulesModal } from './RulesModal';

function RuleTags({ rules }: { rules: Rule[] }) {
  const { t } = useTranslation(['authorization', 'common']);
  return (
    <Flex gap={4} wrap>
      {rules.map((r, i) => (
        <Tag key={i} color={r.permission === 'allow' ? 'success' : 'error'}>
          {r.permission === 'allow' ? t('allow') : t('deny')} · {r.action} · {r.topic}
        </Tag>
      ))}
    </Flex>
  );
}

function KeyedRules({ kind }: { kind: RulesKind }) {
  const { t } = useTranslation(['authorization', 'common']);
  const canWrite = useCanWrite();
  const [q, setQ] = useState({ page: 1, limit: 20, like: '' });
  const [dialog, setDialog] = useState<{ row?: RulesRow } | null>(null);
  const rules = useRulesQuery(kind, q);
  const del = useDeleteRulesMutation(kind);
  const whoOf = (r: RulesRow) => (kind === 'clients' ? r.clientid : r.username) ?? '';
  const whoLabel = kind === 'clients' ? t('clientid') : t('username');
  const columns: TableColumnsType<RulesRow> = [
    { title: whoLabel, key: 'who', render: (_, r) => whoOf(r) },
    { title: t('rules'), key: 'rules', render: (_, r) => <RuleTags rules={r.rules ?? []} /> },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, r: RulesRow) => (
              <Flex gap="small">
                <Button size="small" onClick={() => setDialog({ row: r })}>
                  {t('common:edit')}
                </Button>
                <ConfirmAction title={t('deleteRulesConfirm', { who: whoOf(r) })} onConfirm={() => del.mutateAsync(whoOf(r))} successMessage={t('common:deleteSuccess')} danger>
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
    <>
      <Flex justify="space-between" gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search placeholder={whoLabel} allowClear style={{ width: 280 }} onSearch={(v) => setQ({ ...q, page: 1, like: v.trim() })} />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('common:add')}
          </Button>
        )}
      </Flex>
      <PagedTable<RulesRow>
        rowKey={whoOf}
        columns={columns}
        data={rules.data}
        loading={rules.isFetching}
        query={q}
        onQueryChange={(p) => setQ({ ...q, ...p, page: p.page ?? 1 })}
      />
      <RulesModal kind={kind} open={dialog !== null} row={dialog?.row} onClose={() => setDialog(null)} />
    </>
  );
}

function AllRules() {
  const { t } = useTranslation(['authorization', 'common']);
  const canWrite = useCanWrite();
  const [form] = Form.useForm<{ rules: RuleInput[] }>();
  const all = useAllRulesQuery();
  const save = useSaveAllRulesMutation();
  useEffect(() => {
    if (all.data) form.setFieldsValue({ rules: all.data });
  }, [all.data, form]);
  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync(cleanRules(v.rules));
    void toast().success(t('common:saveSuccess'));
  }
  return (
    <Form form={form} name="rules-all" disabled={!canWrite}>
      <RulesEditor />
      {canWrite && (
        <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('common:save')}
        </Button>
      )}
    </Form>
  );
}

const RULE_TABS = ['clients', 'users', 'all'] as const;
type RuleTab = (typeof RULE_TABS)[number];
const isRuleTab = (v: string | null): v is RuleTab => (RULE_TABS as readonly (string | null)[]).includes(v);

export function BuiltInRules() {
  const { t } = useTranslation(['authorization', 'common']);
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('rules');
  const active: RuleTab = isRuleTab(fromUrl) ? fromUrl : 'clients';
  const choose = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('rules', key);
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs
      type="card"
      activeKey={active}
      onChange={choose}
      items={[
        { key: 'clients', label: t('tabClientid'), children: <KeyedRules kind="clients" /> },
        { key: 'users', label: t('tabUsername'), children: <KeyedRules kind="users" /> },
        { key: 'all', label: t('tabAll'), children: <AllRules /> },
      ]}
    />
  );
}
