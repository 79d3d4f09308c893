// The config form of a plugin, generated from its Avro schema (config_schema.avsc) with EMQX's `$ui` hints and the
// package's i18n labels ("$key" → {en, zh}): strings, numbers (int/long integral), booleans, enums, optional values
// (a union with null), arrays of strings, nested records as groups; any other type is edited as JSON. Saved with
// PUT /plugins/{name-vsn}/config; the node checks it against the schema and names the field it refuses.
import { Alert, Button, Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { errorText } from '../../../shared/apiErrors';
import { useUpdatePluginConfigMutation } from '../plugins.api';
import type { AvroField, AvroType, PluginSchema } from '../plugins.types';
import '../plugins.messages';

type Path = (string | number)[];

/** the non-null branch of a ['null', X] union, and whether null is allowed */
function unwrapNull(type: AvroType): { type: AvroType; nullable: boolean } {
  if (Array.isArray(type)) {
    const rest = type.filter((b) => b !== 'null');
    if (rest.length === 1) return { type: rest[0], nullable: rest.length < type.length };
  }
  return { type, nullable: false };
}

const kindOf = (type: AvroType): string => (typeof type === 'string' ? type : Array.isArray(type) ? 'union' : type.type);

/** values as the form holds them → the JSON the node takes (JSON-edited fields parsed, empty optional → null) */
export function toConfig(fields: AvroField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const { type, nullable } = unwrapNull(f.type);
    const v = values?.[f.name];
    const kind = kindOf(type);
    if (kind === 'record') out[f.name] = toConfig((type as { fields: AvroField[] }).fields, (v ?? {}) as Record<string, unknown>);
    else if (nullable && (v === undefined || v === '' || v === null)) out[f.name] = null;
    else if (!['string', 'int', 'long', 'float', 'double', 'boolean', 'enum', 'array'].includes(kind) && typeof v === 'string') out[f.name] = JSON.parse(v);
    else if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** the config → form values (JSON-edited fields as text) */
function toValues(fields: AvroField[], config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const { type } = unwrapNull(f.type);
    const v = config?.[f.name] ?? f.default;
    const kind = kindOf(type);
    if (kind === 'record') out[f.name] = toValues((type as { fields: AvroField[] }).fields, (v ?? {}) as Record<string, unknown>);
    else if (!['string', 'int', 'long', 'float', 'double', 'boolean', 'enum', 'array'].includes(kind)) out[f.name] = v === undefined ? '' : JSON.stringify(v, null, 2);
    else out[f.name] = v;
  }
  return out;
}

interface Props {
  nameVsn: string;
  schema: PluginSchema;
  config: Record<string, unknown>;
  canWrite: boolean;
}

export function AvroConfigForm({ nameVsn, schema, config, canWrite }: Props) {
  const { t, i18n } = useTranslation(['plugins', 'common']);
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string>();
  const save = useUpdatePluginConfigMutation(nameVsn);
  const root = schema.avsc as { type: string; fields?: AvroField[] };
  const fields = root && typeof root === 'object' && root.type === 'record' ? (root.fields ?? []) : [];
  const lang = i18n.language?.startsWith('zh') ? 'zh' : 'en';
  const text = (key: string | undefined) => {
    if (!key) return undefined;
    const entry = schema.i18n?.[key];
    return entry ? (entry[lang] ?? entry.en ?? key) : key.replace(/^\$/, '');
  };

  const control = (type: AvroType, ui: AvroField['$ui'], label: string): ReactNode => {
    const kind = kindOf(type);
    if (kind === 'boolean') return <Switch aria-label={label} disabled={!canWrite} />;
    if (kind === 'int' || kind === 'long') return <InputNumber aria-label={label} precision={0} style={{ width: '100%' }} disabled={!canWrite} />;
    if (kind === 'float' || kind === 'double') return <InputNumber aria-label={label} style={{ width: '100%' }} disabled={!canWrite} />;
    if (kind === 'enum') return <Select aria-label={label} options={(type as { symbols: string[] }).symbols.map((s) => ({ value: s, label: s }))} disabled={!canWrite} />;
    if (kind === 'array') return <Select aria-label={label} mode="tags" open={false} disabled={!canWrite} />;
    if (kind === 'string') return ui?.component === 'password' ? <Input.Password aria-label={label} disabled={!canWrite} /> : <Input aria-label={label} disabled={!canWrite} />;
    return <Input.TextArea aria-label={label} rows={4} disabled={!canWrite} />;
  };

  const items = (list: AvroField[], path: Path): ReactNode =>
    list.map((f) => {
      const { type, nullable } = unwrapNull(f.type);
      const label = text(f.$ui?.label) ?? f.name;
      const name = [...path, f.name];
      if (kindOf(type) === 'record') {
        return (
          <Card key={f.name} size="small" title={label} style={{ marginBottom: 16 }}>
            {items((type as { fields: AvroField[] }).fields, name)}
          </Card>
        );
      }
      const json = !['string', 'int', 'long', 'float', 'double', 'boolean', 'enum', 'array'].includes(kindOf(type));
      return (
        <Form.Item
          key={f.name}
          name={name}
          label={label}
          extra={text(f.$ui?.description) ?? f.doc}
          valuePropName={kindOf(type) === 'boolean' ? 'checked' : 'value'}
          rules={[
            ...(f.$ui?.required && !nullable ? [{ required: true, message: t('common:required', { name: label }) }] : []),
            ...(json
              ? [
                  {
                    validator: async (_: unknown, v: unknown) => {
                      if (typeof v === 'string' && v.trim()) JSON.parse(v);
                    },
                    message: t('invalidJson'),
                  },
                ]
              : []),
          ]}
        >
          {control(type, f.$ui, label)}
        </Form.Item>
      );
    });

  if (fields.length === 0) return <Alert type="info" showIcon title={t('noPluginConfig')} />;
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={toValues(fields, config)}
      onFinish={(values: Record<string, unknown>) => {
        setFailure(undefined);
        save.mutate(toConfig(fields, values), {
          onSuccess: () => void toast().success(t('configSaved')),
          onError: (e) => setFailure(errorText(e)),
        });
      }}
    >
      {items(fields, [])}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      )}
    </Form>
  );
}
