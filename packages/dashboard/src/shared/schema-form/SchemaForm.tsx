// Renders the fields of one schema component (schema.ts) as antd Form.Items inside the page's Form: the right
// control per kind, the spec's validation texts (001 §5), the document's description as help, and EMQX's layout
// habits: a TLS block shows its settings only when enabled, `resource_opts` sits in a collapsed "Advanced Settings".
import type { ReactNode } from 'react';
import { Alert, Collapse, Divider, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { DurationInput } from '../forms/DurationInput';
import { ByteSizeInput } from '../forms/ByteSizeInput';
import { useFieldRules } from '../forms/rules';
import { JsonInput, JsonText, MapInput } from './controls';
import { durationMs, type Field } from './schema';
import './schema-form.messages';

/** Below this an auto restart interval gets the spec's warning (001 §5: a too-short value loads the system). */
export const SHORT_RESTART_MS = 15_000;

interface Props {
  fields: Field[];
  /** Top-level keys the page shows itself (name, type, connector, description, enable). */
  omit?: readonly string[];
  disabled?: boolean;
  /** The secrets must be typed again (save as copy: the stored ones are encrypted and not copied). */
  secretsRequired?: boolean;
  /** A control of the page's own for a key (e.g. the action's connector picker); undefined keeps the default. */
  renderField?: (field: Field) => ReactNode | undefined;
}

/** The label of a key: the document's, else a known key's in the UI language, else the key with capitals. */
export function fieldLabel(f: Pick<Field, 'key' | 'label'>): string {
  if (f.label) return f.label;
  const known = `schemaForm:label_${f.key}`;
  if (i18n.exists(known)) return i18n.t(known as 'schemaForm:label_url');
  return f.key
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A description as plain text: EMQX's `<br/>` become line breaks, other markup goes. */
export function plainDescription(d?: string): string | undefined {
  const text = d
    ?.replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || undefined;
}

export function SchemaForm({ fields, omit = [], disabled, secretsRequired, renderField }: Props) {
  const { t } = useTranslation('schemaForm');
  const shown = fields.filter((f) => !omit.includes(f.key));
  const main = shown.filter((f) => f.key !== 'resource_opts');
  const advanced = shown.find((f) => f.key === 'resource_opts');
  const ctx: Ctx = { disabled, secretsRequired, renderField };
  return (
    <>
      {main.map((f) => (
        <FieldItem key={f.key} field={f} ctx={ctx} />
      ))}
      {advanced?.kind === 'object' && (
        <Collapse
          ghost
          items={[{ key: 'advanced', label: t('advanced'), forceRender: true, children: advanced.fields.map((f) => <FieldItem key={f.key} field={f} ctx={ctx} />) }]}
        />
      )}
    </>
  );
}

interface Ctx {
  disabled?: boolean;
  secretsRequired?: boolean;
  renderField?: (field: Field) => ReactNode | undefined;
}

function FieldItem({ field: f, ctx }: { field: Field; ctx: Ctx }) {
  const { t } = useTranslation(['schemaForm', 'common']);
  const rules = useFieldRules();
  const own = ctx.renderField?.(f);
  if (own !== undefined) return <>{own}</>;
  const label = fieldLabel(f);
  const help = plainDescription(f.description);
  const common = { 'aria-label': label, disabled: ctx.disabled };
  const list: FormRule[] = [];
  const required = f.required && f.default === undefined && f.kind !== 'boolean';
  if (required) list.push(f.kind === 'enum' ? { required: true, message: t('common:selectRequired', { name: label }) } : rules.required(label));
  let control: ReactNode;
  let valuePropName: string | undefined;
  let extra: ReactNode;
  let normalize: ((v: unknown) => unknown) | undefined;
  switch (f.kind) {
    case 'object':
      return <ObjectFields field={f} ctx={ctx} label={label} help={help} />;
    case 'variants':
      return <VariantFields field={f} ctx={ctx} label={label} />;
    case 'boolean':
      control = <Switch aria-label={label} disabled={ctx.disabled} />;
      valuePropName = 'checked';
      break;
    case 'integer':
      list.push(rules.integer({ min: f.min, max: f.max }));
      control = <InputNumber {...common} precision={0} style={{ width: 240 }} />;
      break;
    case 'number':
      control = <InputNumber {...common} min={f.min} max={f.max} style={{ width: 240 }} />;
      break;
    case 'password':
      if (ctx.secretsRequired && !required) list.push(rules.required(label));
      if (ctx.secretsRequired) extra = t('secretAgain');
      control = <Input.Password {...common} autoComplete="new-password" />;
      break;
    case 'enum':
      control = <Select {...common} options={f.options.map((o) => ({ value: o, label: String(o) }))} style={{ width: 320 }} />;
      break;
    case 'duration':
      list.push(rules.duration({ min: f.minMs }, ['infinity']));
      control = <DurationInput {...common} />;
      if (f.key === 'auto_restart_interval') extra = <RestartWarning path={f.path} />;
      break;
    case 'size':
      list.push(rules.size());
      control = <ByteSizeInput {...common} />;
      break;
    case 'scalar':
      // typed as text; a number-typed key takes the digits as a number, its words (infinity…) stay as written
      normalize = (v) => (f.numeric && typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v);
      control = <Input {...common} placeholder={f.words.map(String).join(' | ') || undefined} />;
      break;
    case 'list':
      control = f.comma ? <Input {...common} placeholder="item1,item2" /> : <Select {...common} mode="tags" open={false} suffixIcon={null} placeholder={t('listHelp')} />;
      break;
    case 'map':
      control = <MapInput {...common} />;
      break;
    case 'json':
      list.push({ validator: (_r, v: unknown) => (v instanceof JsonText ? Promise.reject(new Error(t('common:jsonError'))) : Promise.resolve()) });
      control = <JsonInput {...common} />;
      break;
    case 'string':
      control = f.multiline ? (
        <Input.TextArea {...common} autoSize={{ minRows: 3, maxRows: 12 }} style={{ fontFamily: 'monospace' }} />
      ) : (
        <Input {...common} placeholder={f.template ? t('templateHelp') : undefined} />
      );
      break;
  }
  return (
    <Form.Item name={f.path} label={label} tooltip={help} rules={list} valuePropName={valuePropName} extra={extra} normalize={normalize}>
      {control}
    </Form.Item>
  );
}

/** An object: its fields under its name; a TLS-like block (with `enable`) shows the rest only when enabled. */
function ObjectFields({ field, ctx, label, help }: { field: Extract<Field, { kind: 'object' }>; ctx: Ctx; label: string; help?: string }) {
  const gate = field.fields.find((f) => f.key === 'enable' && f.kind === 'boolean');
  const rest = field.fields.filter((f) => f !== gate);
  const enabled = Form.useWatch(gate ? gate.path : [], { preserve: true });
  return (
    <>
      <Divider titlePlacement="start" plain>
        <Typography.Text strong title={help}>
          {label}
        </Typography.Text>
      </Divider>
      {gate && <FieldItem field={gate} ctx={ctx} />}
      {(!gate || enabled === true) && rest.map((f) => <FieldItem key={f.key} field={f} ctx={ctx} />)}
    </>
  );
}

/** One of several shapes: the discriminating key (e.g. redis_type) picks which shape's fields show. */
function VariantFields({ field, ctx, label }: { field: Extract<Field, { kind: 'variants' }>; ctx: Ctx; label: string }) {
  const { t } = useTranslation('schemaForm');
  const disc = field.variants[0]?.discriminator;
  const chosen = Form.useWatch(disc ? [...field.path, disc.key] : [], { preserve: true });
  if (!disc) return <FieldItem field={{ ...field, kind: 'json' }} ctx={ctx} />;
  const variant = field.variants.find((v) => v.discriminator?.value === chosen) ?? field.variants[0];
  return (
    <>
      <Divider titlePlacement="start" plain>
        <Typography.Text strong>{label}</Typography.Text>
      </Divider>
      <Form.Item name={[...field.path, disc.key]} label={t('shape')}>
        <Select
          aria-label={`${label} ${t('shape')}`}
          disabled={ctx.disabled}
          style={{ width: 320 }}
          options={field.variants.map((v) => ({ value: v.discriminator?.value ?? v.tag, label: v.tag }))}
        />
      </Form.Item>
      {variant.fields
        .filter((f) => f.key !== disc.key)
        .map((f) => (
          <FieldItem key={`${variant.tag}.${f.key}`} field={f} ctx={ctx} />
        ))}
    </>
  );
}

function RestartWarning({ path }: { path: string[] }) {
  const { t } = useTranslation('schemaForm');
  const value: unknown = Form.useWatch(path, { preserve: true });
  const ms = durationMs(value);
  if (ms === undefined || ms >= SHORT_RESTART_MS) return null;
  return <Alert type="warning" showIcon title={t('restartWarning')} style={{ marginTop: 8 }} />;
}
