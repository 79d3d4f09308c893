// The validation form of create and detail: name, note, source topics, strategy, the checks (schema or SQL), the
// failure action and the log level of failures. The schema picker lists the registry's schemas of the check's type.
import { Button, Card, Col, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSchemasQuery } from '../../schema-registry/schema-registry.api';
import { NAME_PATTERN } from '../../schema-registry/schema-registry.rules';
import type { CheckType, LogLevel, Validation } from '../schema-validation.types';
import '../schema-validation.messages';

const CHECK_TYPES: { value: CheckType; label: string }[] = [
  { value: 'json', label: 'JSON Schema' },
  { value: 'avro', label: 'Avro' },
  { value: 'protobuf', label: 'Protobuf' },
  { value: 'sql', label: 'SQL' },
];
const LEVELS: LogLevel[] = ['error', 'warning', 'notice', 'info', 'debug', 'none'];

interface Props {
  form: FormInstance<Validation>;
  initialValues: Validation;
  editing: boolean;
  disabled?: boolean;
  onValuesChange?: () => void;
}

export function ValidationForm({ form, initialValues, editing, disabled, onValuesChange }: Props) {
  const { t } = useTranslation(['schemaValidation', 'schemaRegistry']);
  const schemas = useSchemasQuery().data ?? [];
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
            <Input disabled={editing} />
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
      <Form.Item name="strategy" label={t('validationStrategy')}>
        <Select
          options={[
            { value: 'all_pass', label: t('allPass') },
            { value: 'any_pass', label: t('anyPass') },
          ]}
        />
      </Form.Item>
      <Form.List name="checks" rules={[{ validator: async (_r, checks: unknown[]) => (checks?.length ? undefined : Promise.reject(new Error(t('validationListRequired')))) }]}>
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('validationList')} required>
            {fields.map((field) => (
              <Card key={field.key} size="small" style={{ marginBottom: 8 }} data-testid="validation-check">
                <Row gutter={12} align="top">
                  <Col xs={24} md={5}>
                    <Form.Item name={[field.name, 'type']} label={t('checkType')}>
                      <Select options={CHECK_TYPES} aria-label={t('checkType')} />
                    </Form.Item>
                  </Col>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const type = form.getFieldValue(['checks', field.name, 'type']) as CheckType;
                      if (type === 'sql') {
                        return (
                          <Col xs={24} md={17}>
                            <Form.Item name={[field.name, 'sql']} label={t('sql')} extra={t('sqlTip')} rules={[{ required: true, whitespace: true, message: t('pleaseEnterSQL') }]}>
                              <Input.TextArea autoSize={{ minRows: 2 }} style={{ fontFamily: 'monospace' }} aria-label={t('sql')} />
                            </Form.Item>
                          </Col>
                        );
                      }
                      return (
                        <>
                          <Col xs={24} md={type === 'protobuf' ? 9 : 17}>
                            <Form.Item name={[field.name, 'schema']} label={t('schema')} rules={[{ required: true, message: t('schemaRequired') }]}>
                              <Select aria-label={t('schema')} options={schemas.filter((s) => s.type === type).map((s) => ({ value: s.name, label: s.name }))} />
                            </Form.Item>
                          </Col>
                          {type === 'protobuf' && (
                            <Col xs={24} md={8}>
                              <Form.Item
                                name={[field.name, 'message_type']}
                                label={t('messageType')}
                                rules={[{ required: true, whitespace: true, message: t('messageTypeRequired') }]}
                              >
                                <Input />
                              </Form.Item>
                            </Col>
                          )}
                        </>
                      );
                    }}
                  </Form.Item>
                  <Col xs={24} md={2} style={{ paddingTop: 30 }}>
                    <Button icon={<DeleteOutlined />} aria-label={t('removeCheck')} onClick={() => remove(field.name)} />
                  </Col>
                </Row>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ type: 'json' })}>
              {t('addCheck')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        )}
      </Form.List>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="failure_action" label={t('actionAfterFailure')}>
            <Select
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

/** the body the API takes from the form's values */
export function toBody(v: Validation): Validation {
  return {
    ...v,
    name: v.name.trim(),
    description: v.description ?? '',
    checks: v.checks.map((c) => {
      if (c.type === 'sql') return { type: 'sql', sql: c.sql };
      if (c.type === 'protobuf') return { type: 'protobuf', schema: c.schema, message_type: c.message_type };
      return { type: c.type, schema: c.schema };
    }),
  };
}
