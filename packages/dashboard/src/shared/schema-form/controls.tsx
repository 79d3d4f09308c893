// The controls of the schema form that antd has no ready one for: a name → text map (HTTP headers) and a JSON value.
import { useEffect, useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormControlProps } from '../forms/formControl';
import './schema-form.messages';

type Pairs = [string, string][];
const toPairs = (v: unknown): Pairs =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]) : [];

/** A map of names to text, edited as rows; rows with an empty name are left out of the value. */
export function MapInput({ value, onChange, disabled, 'aria-label': label }: FormControlProps<Record<string, unknown>>) {
  const { t } = useTranslation('schemaForm');
  // rows are kept here so a row being typed (empty name, duplicate) does not vanish
  const [rows, setRows] = useState<Pairs>(() => toPairs(value));
  useEffect(() => {
    const incoming = toPairs(value);
    setRows((now) => (JSON.stringify(Object.fromEntries(now.filter(([k]) => k))) === JSON.stringify(Object.fromEntries(incoming)) ? now : incoming));
  }, [value]);
  const commit = (next: Pairs) => {
    setRows(next);
    onChange?.(Object.fromEntries(next.filter(([k]) => k.trim()).map(([k, v]) => [k.trim(), v])));
  };
  return (
    <Flex vertical gap={8}>
      {rows.map(([k, v], i) => (
        <Flex key={i} gap={8}>
          <Input
            aria-label={`${label ?? ''} ${t('key')} ${i + 1}`}
            placeholder={t('key')}
            value={k}
            disabled={disabled}
            onChange={(e) => commit(rows.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))}
          />
          <Input
            aria-label={`${label ?? ''} ${t('value')} ${i + 1}`}
            placeholder={t('value')}
            value={v}
            disabled={disabled}
            onChange={(e) => commit(rows.map((r, j) => (j === i ? [r[0], e.target.value] : r)))}
          />
          {!disabled && <Button aria-label={`${t('removeRow')} ${i + 1}`} icon={<DeleteOutlined />} onClick={() => commit(rows.filter((_, j) => j !== i))} />}
        </Flex>
      ))}
      {!disabled && (
        <Button type="dashed" icon={<PlusOutlined />} style={{ width: 'fit-content' }} onClick={() => setRows([...rows, ['', '']])}>
          {t('addRow')}
        </Button>
      )}
    </Flex>
  );
}

/** Text that does not parse as JSON: the form's rule reports it ('Please enter the correct JSON'). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A JSON value edited as text; while the text does not parse, the form holds a JsonText. */
export function JsonInput({ value, onChange, disabled, id, 'aria-label': label }: FormControlProps<unknown>) {
  const shown = value instanceof JsonText ? value.text : value === undefined ? '' : JSON.stringify(value, null, 2);
  return (
    <Input.TextArea
      id={id}
      aria-label={label}
      value={shown}
      disabled={disabled}
      autoSize={{ minRows: 2, maxRows: 12 }}
      style={{ fontFamily: 'monospace' }}
      onChange={(e) => {
        const text = e.target.value;
        if (!text.trim()) return onChange?.(undefined);
        try {
          onChange?.(JSON.parse(text));
        } catch {
          onChange?.(new JsonText(text));
        }
      }}
    />
  );
}
