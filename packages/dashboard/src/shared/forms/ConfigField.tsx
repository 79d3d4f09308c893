import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from './DurationInput';
import { ByteSizeInput } from './ByteSizeInput';
import { InfinityNumberInput } from './InfinityNumberInput';
import { IntegerInput } from './IntegerInput';
import { PercentInput } from './PercentInput';
import { RateInput } from './RateInput';
import { RowsInput } from './RowsInput';
import type { Resources } from '../../i18n/resources';
import type { FieldSpec } from './fieldSpec';
import { useRowRules } from './rowRules';
import { useFieldRules } from './rules';

interface Props {
  spec: FieldSpec;
  /** Namespace of the label/help keys. */
  ns: keyof Resources;
  /** EMQX's description of the key (from /schemas/hotconf), shown as the field's help. */
  description?: string;
  disabled?: boolean;
  /** The console talks to MQDeck's node: the spec's `nodeNote` is shown too. */
  ourNode?: boolean;
}

/** One Form.Item for a config key: the right control, the spec's validation texts, and its help tooltip. */
export function ConfigField({ spec, ns, description, disabled, ourNode }: Props) {
  // One FieldSpec type serves every settings table, so its label/help/note keys are plain strings of the namespace
  // the form names: they are looked up as such (a missing one shows the key). The fixed texts below use `tc`, checked.
  const t = useTranslation(ns).t as unknown as (key: string) => string;
  const { t: tc } = useTranslation(['configFields', 'common']);
  const rules = useFieldRules();
  const rowRules = useRowRules();
  const label = t(spec.label);
  const list: FormRule[] = spec.required ? [rules.required(label)] : [];
  const help = spec.help ? t(spec.help) : description;
  const notes = [spec.note, ourNode ? spec.nodeNote : undefined].flatMap((k) => (k ? [t(k)] : []));
  const common = { 'aria-label': label, disabled };
  let control: React.ReactNode;
  let valuePropName: string | undefined;
  switch (spec.kind) {
    case 'switch':
      control = <Switch aria-label={label} disabled={disabled} />;
      valuePropName = 'checked';
      break;
    case 'integer':
      list.push(rules.integer(spec, spec.typeMessage ? t(spec.typeMessage) : undefined));
      control = spec.typeMessage ? <InfinityNumberInput {...common} word="" /> : <IntegerInput {...common} style={{ width: 200 }} />;
      break;
    case 'decimal':
      list.push({
        type: 'number',
        min: spec.min,
        max: spec.max,
        message: spec.max === undefined ? tc('common:minError', { min: spec.min }) : tc('common:rangeError', { min: spec.min, max: spec.max }),
      });
      control = <InputNumber {...common} step={spec.step ?? 0.1} style={{ width: 200 }} />;
      break;
    case 'integerOr':
      list.push(rules.integerOr(spec.word, spec));
      control = <InfinityNumberInput {...common} word={spec.word} />;
      break;
    case 'duration':
      list.push(rules.duration(spec, [...(spec.words ?? [])]));
      control = <DurationInput {...common} units={spec.units} words={spec.words} />;
      break;
    case 'size':
      list.push(rules.size(spec, [...(spec.words ?? [])]));
      control = <ByteSizeInput {...common} units={spec.units} words={spec.words} />;
      break;
    case 'rate':
      list.push(rules.rate(spec.positive));
      control = <RateInput {...common} />;
      break;
    case 'percent':
      list.push(rules.percent());
      control = <PercentInput {...common} />;
      break;
    case 'select': {
      const labels = spec.optionLabels;
      control = <Select {...common} style={{ width: 280 }} options={spec.options.map((o) => ({ value: o, label: labels?.[String(o)] ? t(labels[String(o)]) : String(o) }))} />;
      break;
    }
    case 'text':
      control = <Input {...common} style={{ width: 360 }} />;
      break;
    case 'priorities':
      list.push(rowRules.priorities());
      control = (
        <RowsInput
          disabled={disabled}
          emptyText={tc('configFields:prioritiesDisabled')}
          columns={[
            { key: 'topic', label: tc('configFields:topic'), kind: 'text' },
            { key: 'priority', label: tc('configFields:priority'), kind: 'number' },
          ]}
        />
      );
      break;
    case 'clientAttrs':
      list.push(rowRules.clientAttrs());
      control = (
        <RowsInput
          disabled={disabled}
          columns={[
            { key: 'expression', label: tc('configFields:expression'), kind: 'text', width: 320 },
            { key: 'set_as_attr', label: tc('configFields:attribute'), kind: 'text', width: 200 },
          ]}
        />
      );
      break;
  }
  return (
    <Form.Item name={spec.path.split('.')} label={label} tooltip={help} rules={list} valuePropName={valuePropName} extra={notes.length ? notes.join(' ') : undefined}>
      {control}
    </Form.Item>
  );
}
