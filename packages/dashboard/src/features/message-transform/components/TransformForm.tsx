// The transformation form of create and detail: name, note, source topics, payload decoder and encoder (a schema
// from the registry for Avro and Protobuf), the operations editor (property = expression, in order), the failure
// action and the log level of failures.
import { Button, Card, Col, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSchemasQuery } from '../../schema-registry/schema-registry.api';
import { NAME_PATTERN } from '../../schema-registry/schema-registry.rules';
import type { LogLevel, Serde, SerdeType, Transformation } from '../message-transform.types';
import '../message-transform.messages';

const LEVELS: LogLevel[] = ['error', 'warning', 'notice', 'info', 'debug', 'none'];
/** EMQX parse_key_path: payload[.path], qos, retain, topic, user_property.<one key> */
export const OPERATION_KEY = /^(payload(\.[^.]+)*|qos|retain|topic|user_property\.[^.]+)$/;

interface Props {
  form: FormInstance<Transformation>;
  initialValues: Transformation;
  editing: boolean;
  disabled?: boolean;
  onValuesChange?: () => void;
}

function SerdeFields({ form, field, label }: { form: FormInstance<Transformation>; field: 'payload_decoder' | 'payload_encoder'; label: string }) {
  const { t } = useTranslation('messageTransform');
  const schemas = useSchemasQuery().data ?? [];
  const types: { value: SerdeType; label: string }[] = [
    { value: 'none', label: t('serdeNone') },
    { value: 'json', label: 'JSON' },
    { value: 'avro', label: 'Avro' },
    { value: 'protobuf', label: 'Protobuf' },
  ];
  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item name={[field, 'type']} label={label}>
          <Select options={types} aria-label={label} />
        </Form.Item>
      </Col>
      <Form.Item noStyle shouldUpdate={(a: Transformation, b: Transformation) => a[field]?.type !== b[field]?.type}>
        {() => {
          const type = form.getFieldValue([field, 'type']) as SerdeType;
          if (type !== 'avro' && type !== 'protobuf') return null;
          return (
            <>
              <Col xs={24} md={8}>
                <Form.Item name={[field, 'schema']} label={t('schema')} rules={[{ required: true, message: t('schemaRequired') }]}>
                  <Select aria-label={`${label} ${t('schema')}`} options={schemas.filter((s) => s.type === type).map((s) => ({ value: s.name, label: s.name }))} />
                </Form.Item>
              </Col>
              {type === 'protobuf' && (
                <Col xs={24} md={8}>
                  <Form.Item name={[field, 'message_type']} label={t('messageType')} rules={[{ required: true, whitespace: true, message: t('messageTypeRequired') }]}>
                    <Input aria-label={`${label} ${t('messageType')}`} />
                  </Form.Item>
                </Col>
              )}
            </>
          );
        }}
      </Form.Item>
    </Row>
  );
}

export function TransformForm({ form, initialValues, editing, disabled, onValuesChange }: Props) {
  const { t } = useTranslation(['messageTransform', 'schemaRegistry']);
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} disabled={disabled} onValuesChange={onValuesChange}>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={
              editing
                ? []
                : [
                    { required: true, whitespace: true, message: t('nameRequired') },
                    { pattern: NAME_PATTERN, message: t('schemaRegistry:nameFormat') },
                  ]
            }
          >
            <Input disabled={editing} aria-label={t('name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="description" label={t('note')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="enable" label={t('enable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="topics" label={t('sourceTopic')} rules={[{ required: true, type: 'array', min: 1, message: t('msgSourceTopicRequired') }]}>
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} aria-label={t('sourceTopic')} />
      </Form.Item>
      <SerdeFields form={form} field="payload_decoder" label={t('payloadDecoder')} />
      <Form.List name="operations">
        {(fields, { add, remove }) => (
          <Form.Item label={t('operations')} extra={t('operationsTip')}>
            {fields.map((field, i) => (
              <Card key={field.key} size="small" style={{ marginBottom: 8 }} data-testid="transform-operation">
                <Row gutter={12} align="top">
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'key']}
                      label={t('operationKey')}
                      rules={[
                        { required: true, whitespace: true, message: t('operationKeyRequired') },
                        { pattern: OPERATION_KEY, message: t('operationKeyFormat') },
                      ]}
                    >
                      <Input aria-label={`${t('operationKey')} ${i + 1}`} placeholder="payload.x" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={14}>
                    <Form.Item
                      name={[field.name, 'value']}
                      label={t('operationValue')}
                      extra={i === fields.length - 1 ? t('operationValueTip') : undefined}
                      rules={[{ required: true, whitespace: true, message: t('operationValueRequired') }]}
                    >
                      <Input aria-label={`${t('operationValue')} ${i + 1}`} style={{ fontFamily: 'monospace' }} placeholder="payload.y" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={2} style={{ paddingTop: 30 }}>
                    <Button icon={<DeleteOutlined />} aria-label={`${t('removeOperation')} ${i + 1}`} onClick={() => remove(field.name)} />
                  </Col>
                </Row>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
              {t('addOperation')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <SerdeFields form={form} field="payload_encoder" label={t('payloadEncoder')} />
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="failure_action" label={t('actionAfterFailure')}>
            <Select
              aria-label={t('actionAfterFailure')}
              options={[
                { value: 'drop', label: t('dropMsg') },
                { value: 'disconnect', label: t('disconnect') },
                { value: 'ignore', label: t('ignore') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['log_failure', 'level']} label={t('logLevel')}>
            <Select options={LEVELS.map((l) => ({ value: l, label: l === 'none' ? t('levelNone') : l }))} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

function serde(s: Partial<Serde> & { schema?: string; message_type?: string }): Serde {
  if (s.type === 'avro') return { type: 'avro', schema: s.schema ?? '' };
  if (s.type === 'protobuf') return { type: 'protobuf', schema: s.schema ?? '', message_type: (s.message_type ?? '').trim() };
  return { type: s.type ?? 'none' } as Serde;
}

/** the body the API takes from the form's values */
export function toBody(v: Transformation): Transformation {
  return {
    ...v,
    name: v.name.trim(),
    description: v.description ?? '',
    payload_decoder: serde(v.payload_decoder ?? { type: 'none' }),
    payload_encoder: serde(v.payload_encoder ?? { type: 'none' }),
    operations: (v.operations ?? []).map((o) => ({ key: o.key.trim(), value: o.value })),
  };
}

export const INITIAL: Transformation = {
  name: '',
  description: '',
  enable: true,
  topics: [],
  failure_action: 'drop',
  log_failure: { level: 'info' },
  payload_decoder: { type: 'json' },
  payload_encoder: { type: 'json' },
  operations: [{ key: '', value: '' }],
};
