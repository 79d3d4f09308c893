import { Button, Flex, Input, InputNumber } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type Row = Record<string, string | number | null>;

export interface RowColumn {
  key: string;
  label: string;
  kind: 'text' | 'number';
  width?: number;
}

interface Props {
  value?: Row[];
  onChange?: (rows: Row[]) => void;
  columns: RowColumn[];
  disabled?: boolean;
  /** Shown instead of the rows when there are none. */
  emptyText?: string;
}

/** An editable list of small records (mqueue priorities, client attributes); the field's rule checks the rows. */
export function RowsInput({ value = [], onChange, columns, disabled, emptyText }: Props) {
  const { t } = useTranslation('configFields');
  const set = (i: number, key: string, v: string | number | null) => onChange?.(value.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  return (
    <Flex vertical gap={8}>
      {value.length === 0 && emptyText && <span>{emptyText}</span>}
      {value.map((row, i) => (
        <Flex key={i} gap={8} align="center">
          {columns.map((c) =>
            c.kind === 'number' ? (
              <InputNumber
                key={c.key}
                aria-label={`${c.label} ${i + 1}`}
                placeholder={c.label}
                value={row[c.key] as number | null}
                disabled={disabled}
                style={{ width: c.width ?? 140 }}
                onChange={(n) => set(i, c.key, typeof n === 'number' ? n : null)}
              />
            ) : (
              <Input
                key={c.key}
                aria-label={`${c.label} ${i + 1}`}
                placeholder={c.label}
                value={String(row[c.key] ?? '')}
                disabled={disabled}
                style={{ width: c.width ?? 240 }}
                onChange={(e) => set(i, c.key, e.target.value)}
              />
            ),
          )}
          {!disabled && <Button aria-label={`${t('removeRow')} ${i + 1}`} icon={<DeleteOutlined />} onClick={() => onChange?.(value.filter((_, j) => j !== i))} />}
        </Flex>
      ))}
      {!disabled && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ width: 'fit-content' }}
          onClick={() => onChange?.([...value, Object.fromEntries(columns.map((c) => [c.key, c.kind === 'number' ? null : '']))])}
        >
          {t('addRow')}
        </Button>
      )}
    </Flex>
  );
}
