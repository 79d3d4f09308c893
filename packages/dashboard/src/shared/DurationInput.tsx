import { InputNumber, Select, Space } from 'antd';
import { DURATION_UNITS, formatDurationValue, parseDuration, type DurationUnit } from './duration';

interface Props {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  units?: readonly DurationUnit[];
  'aria-label'?: string;
}

/** A Form control whose value is an EMQX duration string such as '1m'. */
export function DurationInput({ value, onChange, id, units = DURATION_UNITS, 'aria-label': ariaLabel }: Props) {
  const d = parseDuration(value);
  return (
    <Space.Compact>
      <InputNumber id={id} aria-label={ariaLabel} min={0} precision={0} value={d.value} style={{ width: 160 }}
        onChange={(n) => onChange?.(formatDurationValue({ value: typeof n === 'number' ? n : null, unit: d.unit }))} />
      <Select aria-label={ariaLabel ? `${ariaLabel} unit` : undefined} value={d.unit} style={{ width: 80 }}
        options={units.map((u) => ({ value: u, label: u }))}
        onChange={(unit) => onChange?.(formatDurationValue({ value: d.value, unit }))} />
    </Space.Compact>
  );
}
