// Add or edit one built-in action: console (no settings) or republish (EMQX's republish_args: topic, QoS,
// retain, payload, MQTT 5.0 properties, user properties, direct dispatch), all but direct dispatch templates.
import { useMemo } from 'react';
import { AutoComplete, Collapse, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActionChoicesQuery } from '../../actions/actions.api';
import '../../actions/actions.messages';
import { FormModal } from '../../../shared/FormModal';
import { topicRule } from '../../../shared/topic';
import { DEFAULT_REPUBLISH, actionKind, isRepublish, toRepublishArgs, toRepublishValues, type RepublishValues } from '../actions';
import type { RuleAction } from '../rules.types';

/** `bridge`: a data-integration action, sent as its id `<type>:<name>` */
type Values = RepublishValues & { kind: 'console' | 'republish' | 'bridge'; bridge?: string };

interface Props {
  open: boolean;
  /** The action being edited; undefined to add one. */
  action: RuleAction | undefined;
  onClose: () => void;
  onSave: (action: RuleAction) => void;
}

const QOS_OPTIONS = ['0', '1', '2', '${qos}'].map((value) => ({ value }));
const RETAIN_OPTIONS = ['false', 'true', '${retain}'].map((value) => ({ value }));

export function ActionModal({ open, action, onClose, onSave }: Props) {
  const { t } = useTranslation(['rules', 'actions', 'common']);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'republish';
  // asked only once the operator picks a data-integration action (the dialog stays mounted while closed)
  const choices = useActionChoicesQuery({ enabled: open && kind === 'bridge' });
  const initialValues = useMemo<Values>(() => {
    if (action && isRepublish(action)) return { kind: 'republish', ...toRepublishValues(action.args) };
    if (typeof action === 'string') return { kind: 'bridge', bridge: action, ...DEFAULT_REPUBLISH };
    return { kind: action && actionKind(action) === 'console' ? 'console' : 'republish', ...DEFAULT_REPUBLISH };
  }, [action]);

  const submit = async (v: Values) => {
    if (v.kind === 'bridge') return onSave(v.bridge ?? '');
    onSave(v.kind === 'console' ? { function: 'console' } : { function: 'republish', args: toRepublishArgs(v) });
  };

  const template = (name: keyof RepublishValues, label: string, extra?: string) => (
    <Form.Item name={name} label={label} extra={extra}>
      <Input placeholder={t('templateHelp')} />
    </Form.Item>
  );

  return (
    <FormModal<Values>
      open={open}
      editing={!!action}
      okText={action ? t('common:save') : t('common:add')}
      title={action ? t('editAction') : t('addAction')}
      form={form}
      name="ruleAction"
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      variant="drawer"
      requiredMark
    >
      <Form.Item name="kind" label={t('actionType')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'republish', label: t('actionRepublish') },
            { value: 'console', label: t('actionConsole') },
            { value: 'bridge', label: t('actions:ruleActionKind') },
          ]}
        />
      </Form.Item>
      {kind === 'bridge' ? (
        <Form.Item
          name="bridge"
          label={t('actions:pickAction')}
          rules={[{ required: true, message: t('common:selectRequired', { name: t('actions:pickAction') }) }]}
          extra={choices.data?.length === 0 && <Link to="/rule/actions/create">{t('actions:noActionYet')}</Link>}
        >
          <Select
            showSearch
            aria-label={t('actions:pickAction')}
            loading={choices.isFetching}
            // Not pickable while the list is being fetched: opened at once, the list was empty and then filled (or
            // replaced by a refetch of a stale one) under the pointer, and a click landing in that moment chose
            // nothing ("Please select the Action." on Add, 2 of 10 loaded browser runs).
            disabled={choices.isFetching}
            options={(choices.data ?? []).map((a) => ({ value: a.id, label: a.enable ? a.id : t('actions:unavailableAction', { id: a.id }) }))}
          />
        </Form.Item>
      ) : kind === 'console' ? (
        <Typography.Paragraph type="secondary">{t('consoleHelp')}</Typography.Paragraph>
      ) : (
        <>
          <Form.Item name="topic" label={t('topic')} rules={[{ required: true, whitespace: true, message: t('common:required', { name: t('topic') }) }, topicRule('name')]}>
            <Input placeholder="alerts/${clientid}" />
          </Form.Item>
          <Form.Item name="qos" label={t('qos')} rules={[{ required: true, message: t('common:required', { name: t('qos') }) }]}>
            <AutoComplete options={QOS_OPTIONS} />
          </Form.Item>
          <Form.Item name="retain" label={t('retain')} rules={[{ required: true, message: t('common:required', { name: t('retain') }) }]}>
            <AutoComplete options={RETAIN_OPTIONS} />
          </Form.Item>
          <Form.Item name="payload" label={t('payload')} extra={t('payloadHelp')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="direct_dispatch" label={t('directDispatch')} extra={t('directDispatchHelp')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Collapse
            size="small"
            items={[
              {
                key: 'props',
                label: t('mqttProperties'),
                forceRender: true,
                children: (
                  <>
                    {template('payload_format_indicator', t('payloadFormatIndicator'))}
                    {template('message_expiry_interval', t('messageExpiryInterval'))}
                    {template('content_type', t('contentType'))}
                    {template('response_topic', t('responseTopic'))}
                    {template('correlation_data', t('correlationData'))}
                    {template('user_properties', t('userProperties'), t('userPropertiesHelp'))}
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </FormModal>
  );
}
