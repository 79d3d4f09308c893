// The form of one connector, action or source: name (fixed once created), note, then the type's own fields from
// the schema document. The page owns the Form instance and the buttons.
import type { ReactNode } from 'react';
import { Alert, Form, Input, Skeleton } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../shared/schema-form/SchemaForm';
import type { Field } from '../../../shared/schema-form/schema';
import { OWN_KEYS, nameRules } from '../resource-form';
import '../connectors.messages';

interface Props {
  form: FormInstance<Record<string, unknown>>;
  /** name: the form's own fields (create) or its object schema */
  fields: Field[];
  loading?: boolean;
  loadError?: boolean;
  /** the document does not describe this type */
  missingType?: string;
  initialValues: Record<string, unknown>;
  /** the name is set once: shown read-only when editing */
  editing?: boolean;
  /** the secrets must be typed again (save as copy) */
  copying?: boolean;
  disabled?: boolean;
  renderField?: (field: Field) => ReactNode | undefined;
  onValuesChange?: () => void;
  /** the form's name (ids of its fields) */
  name: string;
}

export function ResourceForm({ form, fields, loading, loadError, missingType, initialValues, editing, copying, disabled, renderField, onValuesChange, name }: Props) {
  const { t } = useTranslation(['connectors', 'common']);
  if (loading) return <Skeleton active />;
  if (loadError) return <Alert type="error" showIcon title={t('schemaFailed')} />;
  if (missingType) return <Alert type="warning" showIcon title={t('typeUnknown', { type: missingType })} />;
  return (
    <Form form={form} name={name} layout="vertical" initialValues={initialValues} disabled={disabled} onValuesChange={onValuesChange} requiredMark style={{ maxWidth: 720 }}>
      <Form.Item name="name" label={t('name')} rules={editing ? [] : nameRules(t('name'))}>
        <Input aria-label={t('name')} disabled={editing} />
      </Form.Item>
      <Form.Item name="description" label={t('note')}>
        <Input.TextArea aria-label={t('note')} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <SchemaForm fields={fields} omit={OWN_KEYS} disabled={disabled} secretsRequired={copying} renderField={renderField} />
    </Form>
  );
}
