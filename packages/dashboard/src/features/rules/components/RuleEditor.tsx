// The rule form shared by create and the detail's Settings tab: SQL editor (with examples, the function
// reference and the live tap), data inputs, actions, ID, note and enable; the SQL test below it.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Form, Input, Row, Switch, Typography, type FormInstance, theme } from 'antd';
import { BookOutlined, ExperimentOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../rules.messages';
import { useApiExtension } from '../../../shared/apiExtensions';
import { useRuleEventsQuery, useSourcesSummaryQuery } from '../rules.api';
import { NO_EVENTS, eventTitle } from '../rule-events';
import { ruleIdRule, sqlRequiredRule } from '../rules.rules';
import { BRIDGE_PREFIX, MESSAGE_EVENT, dataSourceOf, errorRange, fromInputs } from '../sql';
import type { RuleAction } from '../rules.types';
import { useFunctionHints } from '../functions';
import { ActionsPanel } from './ActionsPanel';
import { FunctionReference } from './FunctionReference';
import { InputsPanel } from './InputsPanel';
import { LiveTap } from './LiveTap';
import { SqlEditor, type SqlError } from './SqlEditor';
import { TemplatesDrawer } from './TemplatesDrawer';
import { TestPanel } from './TestPanel';

export interface RuleFormValues {
  id?: string;
  description: string;
  enable: boolean;
  sql: string;
  actions: RuleAction[];
}

export const DEFAULT_SQL = 'SELECT\n  *\nFROM\n  "t/#"';

// Columns of a message when the node's /rule_events does not list them.
const MESSAGE_COLUMNS = ['id', 'clientid', 'username', 'payload', 'peerhost', 'topic', 'qos', 'flags', 'pub_props', 'timestamp', 'publish_received_at', 'node'];

interface Props {
  form: FormInstance<RuleFormValues>;
  /** Applied when the form mounts. */
  initialValues: RuleFormValues;
  /** Editing a saved rule: its ID cannot change. */
  editing: boolean;
  disabled?: boolean;
  onValuesChange?: () => void;
  /** The node's last syntax error message about this SQL (from save or test), marked in the editor. */
  sqlError: string | null;
  onSqlError: (message: string | null) => void;
  testing: boolean;
  onTestingChange: (testing: boolean) => void;
  onTappingChange: (tapping: boolean) => void;
}

export function RuleEditor({ form, initialValues, editing, disabled, onValuesChange, sqlError, onSqlError, testing, onTestingChange, onTappingChange }: Props) {
  const { t, i18n } = useTranslation(['rules', 'common']);
  const { token } = theme.useToken();
  const sql = Form.useWatch('sql', form) ?? '';
  const [templates, setTemplates] = useState(false);
  const [reference, setReference] = useState(false);
  const tapAvailable = useApiExtension('rule_tap');
  const events = useRuleEventsQuery().data ?? NO_EVENTS;
  const sources = useSourcesSummaryQuery().data;
  const functions = useFunctionHints();

  const completion = useMemo(() => {
    const fromEvents = new Set(fromInputs(sql).map(dataSourceOf));
    const fields = new Set<string>();
    for (const source of fromEvents.size ? fromEvents : [MESSAGE_EVENT]) {
      const cols = events.find((e) => e.event === (source.startsWith(BRIDGE_PREFIX) ? MESSAGE_EVENT : source))?.columns;
      (cols?.length ? cols : source === MESSAGE_EVENT ? MESSAGE_COLUMNS : []).forEach((c) => fields.add(c));
    }
    return {
      functions,
      fields: [...fields],
      inputs: [...events.map((e) => ({ label: e.event, detail: eventTitle(e, i18n.language) })), ...(sources ?? []).map((s) => ({ label: `${BRIDGE_PREFIX}${s.type}:${s.name}` }))],
    };
  }, [sql, events, sources, functions, i18n.language]);

  const marked: SqlError | null = useMemo(() => {
    if (!sqlError) return null;
    const range = errorRange(sqlError, sql);
    return range ? { ...range, message: sqlError } : null;
  }, [sqlError, sql]);

  const setSql = (next: string) => {
    form.setFieldValue('sql', next);
    onSqlError(null);
    onValuesChange?.();
  };

  return (
    <Form<RuleFormValues>
      form={form}
      initialValues={initialValues}
      layout="vertical"
      name="rule"
      onValuesChange={(changed) => {
        if ('sql' in changed) onSqlError(null);
        onValuesChange?.();
      }}
      disabled={disabled}
    >
      <Row gutter={token.marginLG}>
        <Col xs={24} xl={15}>
          <Card
            size="small"
            title={t('sqlEditor')}
            extra={
              <Flex gap="small" wrap>
                <Button size="small" icon={<FileTextOutlined />} onClick={() => setTemplates(true)}>
                  {t('sqlExamples')}
                </Button>
                <Button size="small" icon={<BookOutlined />} onClick={() => setReference(true)} disabled={false}>
                  {t('functions')}
                </Button>
              </Flex>
            }
          >
            <Form.Item name="sql" rules={[sqlRequiredRule()]} validateStatus={sqlError ? 'error' : undefined} help={sqlError ?? undefined} style={{ marginBottom: 0 }}>
              <SqlEditor aria-label={t('sql')} completion={completion} error={marked} readOnly={disabled} />
            </Form.Item>
          </Card>
          <Card
            size="small"
            style={{ marginTop: token.margin }}
            title={t('testSql')}
            extra={
              <Button size="small" icon={<ExperimentOutlined />} type={testing ? 'default' : 'primary'} onClick={() => onTestingChange(!testing)} disabled={false}>
                {testing ? t('stopTest') : t('startTest')}
              </Button>
            }
          >
            {testing ? (
              <TestPanel sql={sql} onSqlError={onSqlError} />
            ) : (
              <Flex vertical>
                <Typography.Text type="secondary">{t('testHelp')}</Typography.Text>
                {!editing && !tapAvailable && <Typography.Text type="secondary">{t('realDataNeedsSave')}</Typography.Text>}
              </Flex>
            )}
          </Card>
          {tapAvailable && (
            <Card size="small" style={{ marginTop: token.margin }} title={t('liveTap')}>
              <LiveTap sql={sql} onRunningChange={onTappingChange} onSqlError={onSqlError} />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={9}>
          <Form.Item name="id" label={t('ruleId')} extra={editing ? undefined : t('idHelp')} rules={[ruleIdRule()]}>
            <Input disabled={editing || disabled} placeholder={editing ? undefined : 'rule_1'} />
          </Form.Item>
          <Form.Item name="description" label={t('note')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="enable" label={t('enable')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('inputs')}>
            <InputsPanel sql={sql} onSqlChange={setSql} disabled={disabled} />
          </Form.Item>
          <Form.Item name="actions" label={t('outputs')}>
            <ActionsPanel disabled={disabled} />
          </Form.Item>
        </Col>
      </Row>
      <TemplatesDrawer open={templates} onClose={() => setTemplates(false)} current={sql} onUse={setSql} />
      <FunctionReference open={reference} onClose={() => setReference(false)} />
    </Form>
  );
}

/** The body to send from the form's values (the ID only at create, and only when typed). */
export function toRuleBody(v: RuleFormValues, name = '') {
  return { sql: v.sql, actions: v.actions ?? [], description: v.description?.trim() ?? '', enable: v.enable, name };
}
