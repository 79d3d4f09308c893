// Test the SQL in the editor without saving (POST /rule_test): pick the data source, edit its simulated input,
// run; the answer is OK (the output), no result (412: WHERE filtered it out) or an error (a syntax error is
// also marked in the editor). Started and stopped by the page, which asks before leaving while it runs.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Collapse, Flex, Form, Input, Radio, Row, Select, Tag, Typography, theme } from 'antd';
import { TextPayloadViewer } from '../../../shared/payload-decoding/TextPayloadViewer';
import { CaretRightOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../rules.messages';
import { runRuleTest, useRuleEventsQuery, useSourcesSummaryQuery, type TestOutcome } from '../rules.api';
import { NO_EVENTS, eventTitle } from '../rule-events';
import { sampleContext, toTestContext, type ContextField } from '../test-context';
import { MESSAGE_EVENT, BRIDGE_PREFIX, dataSourceOf, fromInputs, isSqlProblem, sourceMatchesSql } from '../sql';

export type TestState = { kind: 'idle' } | { kind: 'pending' } | TestOutcome;

interface Props {
  sql: string;
  /** A failed run's message, for the editor to mark (null when a run passes). */
  onSqlError: (message: string | null) => void;
}

export function TestPanel({ sql, onSqlError }: Props) {
  const { t, i18n } = useTranslation(['rules', 'common']);
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const events = useRuleEventsQuery().data ?? NO_EVENTS;
  const sources = useSourcesSummaryQuery().data;
  const firstInput = fromInputs(sql)[0];
  const [source, setSource] = useState(() => (firstInput ? dataSourceOf(firstInput) : MESSAGE_EVENT));
  const [fields, setFields] = useState<ContextField[]>([]);
  const [payloadJson, setPayloadJson] = useState(true);
  const [state, setState] = useState<TestState>({ kind: 'idle' });
  const [jsonError, setJsonError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // Fill the sample input once the events are known, and again whenever the data source changes.
  const eventsLoaded = events.length > 0;
  useEffect(() => {
    setFields(sampleContext(source, events, sql));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the SQL only seeds the topic; editing it must not wipe the input
  }, [source, eventsLoaded]);

  const sourceOptions = useMemo(
    () => [
      { value: MESSAGE_EVENT, label: t('inputMessages') },
      ...events.filter((e) => e.event !== MESSAGE_EVENT).map((e) => ({ value: e.event, label: `${eventTitle(e, i18n.language)} (${e.event})` })),
      ...(sources ?? []).map((s) => ({ value: `${BRIDGE_PREFIX}${s.type}:${s.name}`, label: `${t('inputSources')}: ${s.type}:${s.name}` })),
    ],
    [events, sources, t, i18n.language],
  );

  const run = async () => {
    setJsonError(null);
    const payload = fields.find((f) => f.key === 'payload');
    if (payload && payloadJson) {
      try {
        JSON.parse(payload.text);
      } catch {
        return setJsonError(t('payloadJsonInvalid'));
      }
    }
    let context;
    try {
      context = toTestContext(source, fields);
    } catch (e) {
      return setJsonError(`${e instanceof SyntaxError ? `${e.message}: ` : ''}${t('payloadJsonInvalid')}`);
    }
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState({ kind: 'pending' });
    try {
      const outcome = await runRuleTest(sql, context, ctrl.signal);
      setState(outcome);
      onSqlError(outcome.kind === 'error' && isSqlProblem(outcome.message) ? outcome.message : null);
    } catch (e) {
      if (ctrl.signal.aborted) return;
      setState({ kind: 'error', code: '', message: e instanceof Error ? e.message : String(e) });
    }
  };

  const reset = () =>
    modal.confirm({
      title: t('resetContextConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: () => setFields(sampleContext(source, events, sql)),
    });

  const setField = (key: string, text: string) => setFields((fs) => fs.map((f) => (f.key === key ? { ...f, text } : f)));
  const mismatch = !sourceMatchesSql(source, sql);

  return (
    <div>
      <Form layout="vertical" component="div">
        <Form.Item label={t('dataSource')} style={{ maxWidth: 480 }}>
          <Select aria-label={t('dataSource')} showSearch optionFilterProp="label" value={source} onChange={setSource} options={sourceOptions} />
        </Form.Item>
        {mismatch && <Alert type="warning" showIcon title={t('dataSourceMismatch')} style={{ marginBottom: token.margin }} />}
        <Row gutter={token.marginLG}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{t('testData')}</Typography.Title>
            {fields.map((f) =>
              f.key === 'payload' ? (
                <Form.Item key={f.key} label={f.key} tooltip={f.description || undefined} validateStatus={jsonError ? 'error' : undefined} help={jsonError ?? undefined}>
                  <Input.TextArea
                    aria-label={f.key}
                    value={f.text}
                    onChange={(e) => setField(f.key, e.target.value)}
                    autoSize={{ minRows: 4, maxRows: 14 }}
                    style={{ fontFamily: token.fontFamilyCode }}
                  />
                  <Radio.Group
                    size="small"
                    value={payloadJson}
                    onChange={(e) => setPayloadJson(e.target.value === true)}
                    options={[
                      { value: true, label: t('payloadAsJson') },
                      { value: false, label: t('payloadAsText') },
                    ]}
                    style={{ marginTop: token.marginXS }}
                  />
                </Form.Item>
              ) : (
                <Form.Item key={f.key} label={f.key} tooltip={f.description || undefined} style={{ marginBottom: token.marginSM }}>
                  {f.kind === 'json' ? (
                    <Input.TextArea
                      aria-label={f.key}
                      value={f.text}
                      onChange={(e) => setField(f.key, e.target.value)}
                      autoSize={{ minRows: 2, maxRows: 8 }}
                      style={{ fontFamily: token.fontFamilyCode }}
                    />
                  ) : (
                    <Input aria-label={f.key} value={f.text} onChange={(e) => setField(f.key, e.target.value)} />
                  )}
                </Form.Item>
              ),
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Flex justify="space-between" align="center">
              <Typography.Title level={5}>{t('output')}</Typography.Title>
              <TestStateTag state={state} />
            </Flex>
            <TestResult state={state} topic={fields.find((f) => f.key === 'topic')?.text} />
          </Col>
        </Row>
        <Flex gap="small" style={{ marginTop: token.margin }}>
          <Button type="primary" icon={<CaretRightOutlined />} loading={state.kind === 'pending'} onClick={() => void run()}>
            {t('runTest')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={reset}>
            {t('resetContext')}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}

/** Spec 001 §4: OK, no result, pending, error. */
export function TestStateTag({ state }: { state: TestState }) {
  const { t } = useTranslation('rules');
  if (state.kind === 'idle') return null;
  const [color, text] = {
    pending: ['processing', t('statePending')],
    ok: ['success', t('stateOk')],
    no_result: ['warning', t('stateNoResult')],
    error: ['error', t('stateError')],
  }[state.kind];
  return (
    <Tag color={color} data-testid="test-state">
      {text}
    </Tag>
  );
}

function TestResult({ state, topic }: { state: TestState; topic?: string }) {
  const { t } = useTranslation('rules');
  const { token } = theme.useToken();
  const box = {
    background: token.colorFillQuaternary,
    borderRadius: token.borderRadius,
    padding: token.paddingSM,
    minHeight: 160,
    margin: 0,
    fontFamily: token.fontFamilyCode,
    whiteSpace: 'pre-wrap' as const,
    overflow: 'auto',
  };
  if (state.kind === 'ok')
    return (
      <>
        <pre aria-label={t('output')} style={box}>
          {state.output}
        </pre>
        <OutputPayload output={state.output} topic={topic} />
      </>
    );
  if (state.kind === 'no_result') return <Alert type="warning" showIcon title={t('noResultHelp')} description={state.message || undefined} />;
  if (state.kind === 'error') return <Alert type="error" showIcon title={state.message} />;
  return <pre aria-label={t('output')} style={box} />;
}

/** The output's `payload` (SELECT payload, or a field named so) with the decoder picker (issue 14). */
function OutputPayload({ output, topic }: { output: string; topic?: string }) {
  const { t } = useTranslation('payloadDecoding');
  let payload: unknown;
  try {
    payload = (JSON.parse(output) as { payload?: unknown } | null)?.payload;
  } catch {
    return null;
  }
  if (typeof payload !== 'string') return null;
  return (
    <Collapse
      size="small"
      ghost
      destroyOnHidden
      items={[{ key: 'payload', label: t('payloadOfOutput'), children: <TextPayloadViewer text={payload} topic={topic || undefined} /> }]}
    />
  );
}
