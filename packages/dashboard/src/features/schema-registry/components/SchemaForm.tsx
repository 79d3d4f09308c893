// The schema form of create and detail: name (fixed once saved), note, type and the source in a code editor. The
// node compiles the source on save; its sentence about a source it refuses shows under the editor and is marked in it.
import { Alert, Col, Form, Input, Row, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCHEMA_TYPES, type Schema } from '../schema-registry.api';
import { schemaTypeLabel } from '../schema-registry.labels';
import { useSchemaRules } from '../schema-registry.rules';
import { SourceEditor } from './SourceEditor';
import '../schema-registry.messages';

interface Props {
  form: FormInstance<Schema>;
  initialValues: Schema;
  editing: boolean;
  disabled?: boolean;
  onValuesChange?: () => void;
  /** the node's sentence about the source from the last save */
  sourceError: string | null;
}

export function SchemaForm({ form, initialValues, editing, disabled, onValuesChange, sourceError }: Props) {
  const { t } = useTranslation('schemaRegistry');
  const rules = useSchemaRules();
  const type = Form.useWatch('type', form) ?? initialValues.type;
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} disabled={disabled} onValuesChange={onValuesChange}>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label={t('name')} tooltip={t('nameTip')} rules={editing ? [] : rules.name}>
            <Input disabled={editing} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="description" label={t('note')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
            <Select options={SCHEMA_TYPES.map((v) => ({ value: v, label: schemaTypeLabel(t, v) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="source"
        label={t('source')}
        rules={rules.source}
        extra={type === 'protobuf' ? t('protobufTip') : type === 'json' ? t('jsonTip') : undefined}
        validateStatus={sourceError ? 'error' : undefined}
      >
        <SourceEditor aria-label={t('source')} error={sourceError} readOnly={disabled} />
      </Form.Item>
      {sourceError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('sourceRefused')}
          description={<Typography.Text data-testid="schema-source-error">{sourceError}</Typography.Text>}
        />
      )}
    </Form>
  );
}
