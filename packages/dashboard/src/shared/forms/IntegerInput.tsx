// The number box of integer fields. InputNumber's `precision={0}` rounded what was typed (30.5 became 31) before
// any rule saw it, so the form saved a value the operator never entered with "Saved successfully". This box keeps
// the typed value as it is and leaves the refusal to the integer rule (`useFieldRules().integer`: 'Type error:
// please enter integer').
import { InputNumber, type InputNumberProps } from 'antd';

export type IntegerInputProps = Omit<InputNumberProps<number>, 'precision' | 'step' | 'stringMode'>;

export function IntegerInput(props: IntegerInputProps) {
  return <InputNumber<number> step={1} {...props} />;
}
