import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { useMqdeckNode } from '../apiExtensions';
import { useCanWrite } from '../useCanWrite';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { ConfigField } from './ConfigField';
import { getPath, setPath, type FieldSpec } from './fieldSpec';
import { prioritiesToRows, rowsToPriorities } from './rowRules';
import type { Resources } from '../../i18n/resources';
import type { Row } from './RowsInput';
import { describeField, useHotconfQuery } from '../hotconf/hotconf.api';

interface Props<T> {
  /** Form name (unique per screen, also the DOM id prefix). */
  name: string;
  /** Namespace of the field labels. */
  ns: keyof Resources;
  /** hotconf component describing `value`, e.g. 'emqx.mqtt'. */
  component: string;
  fields: FieldSpec[];
  /** The config object as the node returned it; keys without a field are sent back untouched. */
  value: T;
  /** One request with the whole object. */
  onSave: (next: T) => Promise<unknown>;
  saving: boolean;
  /** Titled groups of fields by index range [from, to). */
  sections?: FormSection[];
}

export interface FormSection {
  title: string;
  from: number;
  to: number;
  /** Shown under the title in front of MQDeck's node only, e.g. that the section's keys have no counterpart there. */
  nodeNote?: string;
}

const toForm = (spec: FieldSpec, v: unknown): unknown => {
  if (spec.kind === 'priorities') return prioritiesToRows(v);
  if (spec.kind === 'clientAttrs') return Array.isArray(v) ? v.map((a) => ({ ...(a as Row) })) : [];
  return v;
};
const fromForm = (spec: FieldSpec, v: unknown): unknown => {
  if (spec.kind === 'priorities') return rowsToPriorities(v as Row[]);
  if (spec.kind === 'clientAttrs') return ((v as Row[]) ?? []).map((r) => ({ expression: String(r.expression).trim(), set_as_attr: String(r.set_as_attr).trim() }));
  return v;
};

/** A settings form over one config object: EMQX help per field, spec validation, unsaved-changes guard, one save. */
export function SettingsForm<T>({ name, ns, component, fields, value, onSave, saving, sections }: Props<T>) {
  const { t } = useTranslation('common');
  const canWrite = useCanWrite();
  const ourNode = useMqdeckNode();
  const schema = useHotconfQuery();
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const initial = useMemo(() => fields.reduce((acc, f) => setPath(acc, f.path, toForm(f, getPath(value, f.path))), {} as Record<string, unknown>), [fields, value]);
  useEffect(() => {
    form.setFieldsValue(initial);
  }, [form, initial]);
  const current = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const switchedOff = (f: FieldSpec) => f.enabledBy !== undefined && getPath(current ?? initial, f.enabledBy) === false;

  async function submit() {
    const v = await form.validateFields();
    const next = fields.reduce((acc, f) => setPath(acc, f.path, fromForm(f, getPath(v, f.path))), value);
    await onSave(next);
    setDirty(false);
    void toast().success(t('saveSuccess'));
  }

  return (
    <Form form={form} name={name} layout="vertical" style={{ maxWidth: 640 }} initialValues={initial} onValuesChange={() => setDirty(true)}>
      <UnsavedChangesGuard dirty={dirty} />
      {(sections ?? [{ title: '', from: 0, to: fields.length }]).map((s) => (
        <div key={s.from}>
          {s.title && <Divider titlePlacement="start">{s.title}</Divider>}
          {ourNode && s.nodeNote && <Alert type="info" showIcon title={s.nodeNote} style={{ marginBottom: 16 }} />}
          {fields.slice(s.from, s.to).map((f) => (
            <ConfigField key={f.path} spec={f} ns={ns} ourNode={ourNode} disabled={!canWrite || switchedOff(f)} description={describeField(schema.data, component, f.path)} />
          ))}
        </div>
      ))}
      {canWrite && (
        <Form.Item>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
            {t('save')}
          </Button>
          {dirty && (
            <Button
              style={{ marginInlineStart: 8 }}
              onClick={() => {
                form.setFieldsValue(initial);
                setDirty(false);
              }}
            >
              {t('reset')}
            </Button>
          )}
        </Form.Item>
      )}
    </Form>
  );
}
