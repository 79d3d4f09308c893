import { BYTE_UNITS, splitSize, type ByteUnit } from './units';
import { NumberUnitInput } from './NumberUnitInput';
import type { FormControlProps } from './formControl';

/** The value is an EMQX size ('1MB', '4KB') or one of `words`. */
interface Props extends FormControlProps<string | number, string> {
  units?: readonly ByteUnit[];
  words?: readonly string[];
}

/** Number + unit (binary units: 1MB = 1024KB, as EMQX counts). */
export function ByteSizeInput({ units = BYTE_UNITS, words = [], ...control }: Props) {
  return <NumberUnitInput {...control} units={units} words={words} defaultUnit={units.includes('MB') ? 'MB' : units[0]} split={splitSize} unitWidth={120} />;
}
