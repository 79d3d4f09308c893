// The side form of a source or processing node (EMQX's NodeDrawer): a topic, an event, the
// Function node's SELECT fields or the Filter node's WHERE conditions (as a form, or as SQL), or a whole SQL
// statement. Republish and console are set up in the rules feature's action drawer (ActionModal), data-integration
// actions and sources in BridgeDrawer. Confirm keeps the values on the
// node; the rule is written when the flow is saved.
import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { topicRule } from '../../../shared/topic';
import { useFunctionHints } from '../../rules/functions';
import { eventTitle, NO_EVENTS } from '../../rules/rule-events';
import { useRuleEventsQuery, useSourcesSummaryQuery } from '../../rules/rules.api';
import { BRIDGE_PREFIX, MESSAGE_EVENT } from '../../rules/sql';
import { SqlEditor } from '../../rules/components/SqlEditor';
import type { CompletionData } from '../../rules/components/sql-language';
import { filterWhere, functionFields, type NodeData } from '../flow.editor';
import { fieldsText, parseField, parseWhere, splitTopLevel, whereText, type FilterItem, type GroupOperator, type SelectField } from '../flow.sql';
import { emptyCondition, FilterFields, normalizeItems } from './FilterFields';
import { FunctionFields, type FunctionRow } from './FunctionFields';
import { rowExpression, rowOf } from '../function-picker';
import '../flow.messages';

type Editable = Exclude<NodeData, { kind: 'republish' | 'console' | 'action' | 'source' }>;

interface Values {
  topic?: string;
  event?: string;
  mode?: 'form' | 'sql';
  fields?: FunctionRow[];
  operator?: GroupOperator;
  conditions?: FilterItem[];
  sql?: string;
}

interface Props {
  /** the node's ID: a new form for each node */
  nodeId: string | undefined;
  data: Editable | undefined;
  onClose: () => void;
  onSave: (data: NodeData) => void;
  onDelete: () => void;
}

const MESSAGE_COLUMNS = ['id', 'clientid', 'username', 'payload', 'peerhost', 'topic', 'qos', 'flags', 'pub_props', 'timestamp', 'publish_received_at', 'node'];

/** A SELECT field as a picker row: its function and arguments when the picker can hold them. */
const toRow = (f: SelectField): FunctionRow => ({ ...rowOf(f.expression), alias: f.alias });

function toValues(d: Editable): Values {
  switch (d.kind) {
    case 'message':
      return { topic: d.topic };
    case 'event':
      return { event: d.event || undefined };
    case 'function':
      return { mode: d.mode, fields: d.fields.length ? d.fields.map(toRow) : [{ expression: '', alias: '' }], sql: d.sql };
    case 'filter':
      return { mode: d.mode, operator: d.form.operator, conditions: d.form.conditions.length ? d.form.conditions : [emptyCondition()], sql: d.sql };
    case 'sql':
      return { sql: d.sql };
  }
}

function fromValues(kind: Editable['kind'], v: Values): NodeData {
  switch (kind) {
    case 'message':
      return { kind, topic: (v.topic ?? '').trim() };
    case 'event':
      return { kind, event: v.event ?? '' };
    case 'function': {
      const fields = (v.fields ?? []).filter((f) => f.expression?.trim()).map((f) => ({ expression: rowExpression(f), alias: (f.alias ?? '').trim() }));
      return { kind, mode: v.mode ?? 'form', fields, sql: v.mode === 'sql' ? (v.sql ?? '').trim() : fieldsText(fields) };
    }
    case 'filter': {
      const form = {
        operator: v.operator ?? 'AND',
        conditions: normalizeItems(v.conditions),
      };
      return { kind, mode: v.mode ?? 'form', form, sql: v.mode === 'sql' ? (v.sql ?? '').trim() : whereText(form) };
    }
    case 'sql':
      return { kind, sql: (v.sql ?? '').trim() };
  }
}

export function NodeDrawer({ nodeId, data, onClose, onSave, onDelete }: Props) {
  const { t, i18n } = useTranslation(['flow', 'common', 'rules']);
  const [form] = Form.useForm<Values>();
  const [toggleProblem, setToggleProblem] = useState(false);
  const events = useRuleEventsQuery().data ?? NO_EVENTS;
  const sources = useSourcesSummaryQuery().data;
  const functions = useFunctionHints();
  const mode = Form.useWatch('mode', form) ?? 'form';
  const kind = data?.kind;

  const initialValues = useMemo(() => (data ? toValues(data) : undefined), [data]);

  const completion = useMemo<CompletionData>(
    () => ({
      functions,
      fields: events.find((e) => e.event === MESSAGE_EVENT)?.columns ?? MESSAGE_COLUMNS,
      inputs: [...events.map((e) => ({ label: e.event, detail: eventTitle(e, i18n.language) })), ...(sources ?? []).map((s) => ({ label: `${BRIDGE_PREFIX}${s.type}:${s.name}` }))],
    }),
    [events, sources, functions, i18n.language],
  );

  /** Form → SQL writes the form's text; SQL → Form only when the form can hold it (EMQX alters it otherwise). */
  const switchMode = (next: 'form' | 'sql') => {
    if (!kind || (kind !== 'function' && kind !== 'filter')) return;
    const v = form.getFieldsValue(true);
    const current = fromValues(kind, { ...v, mode });
    if (next === 'sql') {
      form.setFieldsValue({ mode: 'sql', sql: current.kind === 'function' ? functionFields(current) : current.kind === 'filter' ? filterWhere(current) : '' });
      setToggleProblem(false);
      return;
    }
    const sql = (v.sql ?? '').trim();
    if (kind === 'function') {
      form.setFieldsValue({ mode: 'form', fields: sql ? splitTopLevel(sql).map(parseField).map(toRow) : [{ expression: '', alias: '' }] });
    } else {
      const parsed = sql ? parseWhere(sql) : { operator: 'AND' as const, conditions: [emptyCondition()] };
      if (!parsed) return setToggleProblem(true);
      form.setFieldsValue({ mode: 'form', operator: parsed.operator, conditions: parsed.conditions });
    }
    setToggleProblem(false);
  };

  const submit = async () => {
    if (!kind) return;
    const v = await form.validateFields();
    onSave(fromValues(kind, { ...form.getFieldsValue(true), ...v }));
  };

  const required = (name: string) => ({ required: true, whitespace: true, message: t('common:required', { name }) });
  const sqlEditor = (label: string, minHeight: number) => (
    <Form.Item name="sql" label={label} rules={[required(label)]}>
      <SqlEditor aria-label={label} completion={completion} minHeight={minHeight} />
    </Form.Item>
  );

  const modeSwitch = (
    <Form.Item name="mode" label={t('editedWay')} extra={toggleProblem ? <Typography.Text type="danger">{t('cannotUseForm')}</Typography.Text> : t('editedWayToggleTip')}>
      <Radio.Group
        optionType="button"
        options={[
          { value: 'form', label: t('form') },
          { value: 'sql', label: t('sqlStatement') },
        ]}
        onChange={(e) => switchMode(e.target.value as 'form' | 'sql')}
      />
    </Form.Item>
  );

  return (
    <Drawer
      open={!!data}
      onClose={onClose}
      size="large"
      title={kind ? t(`kind_${kind}`) : ''}
      destroyOnHidden
      extra={
        <Space>
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            {t('deleteNode')}
          </Button>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" onClick={() => void submit().catch(() => undefined)}>
            {t('confirm')}
          </Button>
        </Space>
      }
    >
      <Form key={nodeId} form={form} layout="vertical" name="flowNode" requiredMark initialValues={initialValues}>
        {kind === 'message' && (
          <Form.Item name="topic" label={t('topicLabel')} extra={t('topicHelp')} rules={[required(t('topicLabel')), topicRule('filter')]}>
            <Input placeholder="t/#" />
          </Form.Item>
        )}
        {kind === 'event' && (
          <Form.Item name="event" label={t('eventLabel')} rules={[{ required: true, message: t('common:selectRequired', { name: t('eventLabel') }) }]}>
            <Select
              showSearch
              aria-label={t('eventLabel')}
              optionFilterProp="label"
              options={events.filter((e) => e.event !== MESSAGE_EVENT).map((e) => ({ value: e.event, label: `${eventTitle(e, i18n.language)} (${e.event})` }))}
            />
          </Form.Item>
        )}
        {kind === 'function' && (
          <>
            {modeSwitch}
            {mode === 'sql' ? sqlEditor(t('fields'), 160) : <FunctionFields />}
          </>
        )}
        {kind === 'filter' && (
          <>
            {modeSwitch}
            {mode === 'sql' ? sqlEditor(t('where'), 120) : <FilterFields />}
          </>
        )}
        {kind === 'sql' && (
          <>
            <Alert type="info" showIcon title={t('sqlNodeHelp')} style={{ marginBottom: 16 }} />
            {sqlEditor(t('sqlStatement'), 220)}
          </>
        )}
      </Form>
    </Drawer>
  );
}
