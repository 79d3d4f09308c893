// A create-or-edit dialog around one antd Form: fills the fields each time it opens, validates, runs the
// submit (a mutation), toasts success and closes. A failed submit keeps the dialog open with what was typed;
// the error itself is toasted once by the mutation cache.
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/bridge';

export interface FormModalProps<V> {
  open: boolean;
  /** Editing an existing item ('Save') rather than creating one ('Create'). */
  editing: boolean;
  title: ReactNode;
  /** From `Form.useForm()` in the caller, so its rules can read other fields. */
  form: FormInstance<V>;
  /** The antd form name: prefixes the field ids (none: the ids are the field names). */
  name?: string;
  /** Set each time the dialog opens; memoise it, a new object re-fills the fields. */
  initialValues: Parameters<FormInstance<V>['setFieldsValue']>[0];
  /** Runs with the validated values; rejects to keep the dialog open. */
  onSubmit: (values: V) => Promise<unknown>;
  /** Toast after a successful submit; none when undefined. */
  successMessage?: string;
  onClose: () => void;
  /** The OK button's text when it is neither 'Save' (editing) nor 'Create', e.g. 'Add'. */
  okText?: ReactNode;
  /** Mark the required fields with an asterisk (off by default). */
  requiredMark?: boolean;
  children: ReactNode;
}

export function FormModal<V>(props: FormModalProps<V>) {
  const { open, editing, title, form, name, initialValues, onSubmit, successMessage, onClose, okText, requiredMark = false, children } = props;
  const { t } = useTranslation('common');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues);
  }, [open, initialValues, form]);

  async function submit() {
    const values = await form.validateFields();
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
    if (successMessage) void toast().success(successMessage);
    onClose();
  }

  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText={okText ?? (editing ? t('save') : t('create'))}
      cancelText={t('cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name={name} layout="vertical" requiredMark={requiredMark} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
