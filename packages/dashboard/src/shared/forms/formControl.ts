// The props an antd Form.Item hands to a custom input (value, onChange, id), plus what the field passes on.

/** `V` is what the form holds, `Out` what the control reports (a control may accept a number and report text). */
export interface FormControlProps<V, Out = V> {
  value?: V;
  onChange?: (v: Out | undefined) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}
