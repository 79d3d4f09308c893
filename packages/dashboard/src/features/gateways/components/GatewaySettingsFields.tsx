// The basic settings of one gateway (the fields of EMQX's emqx_gateway_api.<name> schema), shared by the setup
// wizard's first step and the detail page's Settings tab. Keys not shown (clientinfo_override, the gRPC TLS options…)
// stay in the stored config: the caller merges the form over it.
import { Button, Card, Flex, Form, Input, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { IntegerInput } from '../../../shared/forms/IntegerInput';
import { useFieldRules } from '../../../shared/forms/rules';
import type { GatewayName } from '../gateways.config';
import '../gateways.messages';

const QOS_OPTIONS = [0, 1, 2].map((q) => ({ value: q, label: String(q) }));
const COAP_QOS = ['coap', 'qos0', 'qos1', 'qos2'].map((q) => ({ value: q, label: q }));
const TRANSLATORS = ['command', 'response', 'notify', 'register', 'update'] as const;

export function GatewaySettingsFields({ name }: { name: GatewayName }) {
  const { t } = useTranslation(['gateways', 'common']);
  const rules = useFieldRules();
  return (
    <>
      {name === 'stomp' && (
        <Card size="small" title={t('frameOptions')} style={{ marginBottom: 16 }}>
          <Form.Item name={['frame', 'max_headers']} label={t('maxHeaders')} rules={[rules.required(t('maxHeaders')), rules.integer({ min: 1 })]}>
            <IntegerInput aria-label={t('maxHeaders')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name={['frame', 'max_headers_length']} label={t('maxHeadersLength')} rules={[rules.required(t('maxHeadersLength')), rules.integer({ min: 1 })]}>
            <IntegerInput aria-label={t('maxHeadersLength')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name={['frame', 'max_body_length']} label={t('maxBodyLength')} rules={[rules.required(t('maxBodyLength')), rules.integer({ min: 1 })]}>
            <IntegerInput aria-label={t('maxBodyLength')} style={{ width: 240 }} />
          </Form.Item>
        </Card>
      )}
      {name === 'mqttsn' && (
        <>
          <Form.Item name="gateway_id" label={t('gatewayId')} rules={[rules.required(t('gatewayId')), rules.integer({ min: 0, max: 255 })]}>
            <IntegerInput aria-label={t('gatewayId')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="broadcast" label={t('broadcast')} tooltip={t('broadcastHelp')} valuePropName="checked">
            <Switch aria-label={t('broadcast')} />
          </Form.Item>
          <Form.Item name="enable_qos3" label={t('enableQos3')} tooltip={t('enableQos3Help')} valuePropName="checked">
            <Switch aria-label={t('enableQos3')} />
          </Form.Item>
          <Form.Item name="subs_resume" label={t('subsResume')} valuePropName="checked">
            <Switch aria-label={t('subsResume')} />
          </Form.Item>
          <PredefinedTopics />
        </>
      )}
      {name === 'coap' && (
        <>
          <Form.Item name="heartbeat" label={t('heartbeat')} rules={[rules.required(t('heartbeat')), rules.duration({ min: 1000 })]}>
            <DurationInput aria-label={t('heartbeat')} units={['s', 'm', 'h']} />
          </Form.Item>
          <Form.Item name="connection_required" label={t('connectionRequired')} tooltip={t('connectionRequiredHelp')} valuePropName="checked">
            <Switch aria-label={t('connectionRequired')} />
          </Form.Item>
          <Form.Item name="notify_type" label={t('notifyType')}>
            <Select aria-label={t('notifyType')} style={{ width: 240 }} options={['qos', 'con', 'non'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="subscribe_qos" label={t('subscribeQos')}>
            <Select aria-label={t('subscribeQos')} style={{ width: 240 }} options={COAP_QOS} />
          </Form.Item>
          <Form.Item name="publish_qos" label={t('publishQos')}>
            <Select aria-label={t('publishQos')} style={{ width: 240 }} options={COAP_QOS} />
          </Form.Item>
        </>
      )}
      {name === 'lwm2m' && (
        <>
          <Form.Item name="xml_dir" label={t('xmlDir')} rules={[rules.required(t('xmlDir'))]}>
            <Input aria-label={t('xmlDir')} />
          </Form.Item>
          <Form.Item name="lifetime_min" label={t('lifetimeMin')} rules={[rules.duration({ min: 1000 })]}>
            <DurationInput aria-label={t('lifetimeMin')} units={['s', 'm', 'h']} />
          </Form.Item>
          <Form.Item name="lifetime_max" label={t('lifetimeMax')} rules={[rules.duration({ min: 1000 })]}>
            <DurationInput aria-label={t('lifetimeMax')} units={['s', 'm', 'h']} />
          </Form.Item>
          <Form.Item name="qmode_time_window" label={t('qmodeTimeWindow')} rules={[rules.duration({ min: 1000 })]}>
            <DurationInput aria-label={t('qmodeTimeWindow')} units={['s', 'm', 'h']} />
          </Form.Item>
          <Form.Item name="auto_observe" label={t('autoObserve')} valuePropName="checked">
            <Switch aria-label={t('autoObserve')} />
          </Form.Item>
          <Form.Item name="update_msg_publish_condition" label={t('updateMsgPublishCondition')}>
            <Select
              aria-label={t('updateMsgPublishCondition')}
              style={{ width: 320 }}
              options={[
                { value: 'contains_object_list', label: t('containsObjectList') },
                { value: 'always', label: t('always') },
              ]}
            />
          </Form.Item>
          <Card size="small" title={t('translators')} style={{ marginBottom: 16 }}>
            {TRANSLATORS.map((k) => (
              <Flex key={k} gap="small" align="flex-start">
                <Form.Item name={['translators', k, 'topic']} label={t(`translator_${k}`)} rules={[rules.required(t(`translator_${k}`))]} style={{ flex: 1 }}>
                  <Input aria-label={t(`translator_${k}`)} />
                </Form.Item>
                <Form.Item name={['translators', k, 'qos']} label={t('qos')}>
                  <Select aria-label={`${t(`translator_${k}`)} ${t('qos')}`} style={{ width: 80 }} options={QOS_OPTIONS} />
                </Form.Item>
              </Flex>
            ))}
          </Card>
        </>
      )}
      {name === 'exproto' && (
        <>
          <Form.Item name={['server', 'bind']} label={t('serverBind')} rules={[rules.required(t('serverBind'))]}>
            <Input aria-label={t('serverBind')} placeholder="0.0.0.0:9100" />
          </Form.Item>
          <Form.Item name={['handler', 'address']} label={t('handlerAddress')} rules={[rules.required(t('handlerAddress')), rules.url()]}>
            <Input aria-label={t('handlerAddress')} placeholder="http://127.0.0.1:9001" />
          </Form.Item>
          <Form.Item name={['handler', 'service_name']} label={t('serviceName')}>
            <Select aria-label={t('serviceName')} style={{ width: 320 }} options={['ConnectionUnaryHandler', 'ConnectionHandler'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="mountpoint" label={t('mountpoint')} tooltip={t('mountpointHelp')}>
        <Input aria-label={t('mountpoint')} />
      </Form.Item>
      <Form.Item name="idle_timeout" label={t('idleTimeout')} tooltip={t('idleTimeoutHelp')} rules={[rules.required(t('idleTimeout')), rules.duration({ min: 1000 })]}>
        <DurationInput aria-label={t('idleTimeout')} units={['s', 'm', 'h']} />
      </Form.Item>
      <Form.Item name="enable_stats" label={t('enableStats')} valuePropName="checked">
        <Switch aria-label={t('enableStats')} />
      </Form.Item>
    </>
  );
}

/** MQTT-SN predefined topics: id 1-65535 (each once) → topic name. */
function PredefinedTopics() {
  const { t } = useTranslation(['gateways', 'common']);
  const rules = useFieldRules();
  return (
    <Card size="small" title={t('predefined')} style={{ marginBottom: 16 }}>
      <Form.List name="predefined">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Flex key={f.key} gap="small" align="flex-start">
                <Form.Item
                  name={[f.name, 'id']}
                  dependencies={fields.map((o) => ['predefined', o.name, 'id'])}
                  rules={[
                    { required: true, type: 'integer', min: 1, max: 65535, message: t('topicIdRange') },
                    ({ getFieldValue }) => ({
                      validator: (_r, v: unknown) => {
                        const all = ((getFieldValue('predefined') as { id?: number }[] | undefined) ?? []).map((p) => p?.id);
                        return v !== undefined && all.filter((x) => x === v).length > 1 ? Promise.reject(new Error(t('topicIdDuplicate', { id: v }))) : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <IntegerInput aria-label={`${t('topicId')} ${i + 1}`} placeholder={t('topicId')} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'topic']} rules={[rules.required(t('topic'))]} style={{ flex: 1 }}>
                  <Input aria-label={`${t('topic')} ${i + 1}`} placeholder={t('topic')} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={`${t('common:delete')} ${i + 1}`} onClick={() => remove(f.name)} />
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ topic: '' })}>
              {t('addTopic')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
