// A create-or-edit dialog around one antd Form: fills the fields each time it opens, validates, runs the
// submit (a mutation), toasts success and closes. A failed submit keeps the dialog open with what was typed;
// the error itself is toasted once by the mutation cache.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Modal, Space, type FormInstance } from 'antd';
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
  /** Set each time the dialog opens; memoise it, a new object re-fills the fields (undefined: not loaded yet). */
  initialValues: Parameters<FormInstance<V>['setFieldsValue']>[0] | undefined;
  /** Runs with the validated values; rejects to keep the dialog open. */
  onSubmit: (values: V) => Promise<unknown>;
  /** Toast after a successful submit; none when undefined. */
  successMessage?: string;
  onClose: () => void;
  /** The OK button's text when it is neither 'Save' (editing) nor 'Create', e.g. 'Add'. */
  okText?: ReactNode;
  /** Mark the required fields with an asterisk (off by default). */
  requiredMark?: boolean;
  /** 'drawer': a large side drawer with the buttons in its header, for forms too long for a modal. */
  variant?: 'modal' | 'drawer';
  /** Keep the OK button disabled, e.g. while the item being edited loads. */
  okDisabled?: boolean;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  children: ReactNode;
}

export function FormModal<V>(props: FormModalProps<V>) {
  const {
    open,
    editing,
    title,
    form,
    name,
    initialValues,
    onSubmit,
    successMessage,
    onClose,
    okText,
    requiredMark = false,
    variant = 'modal',
    okDisabled,
    onValuesChange,
    children,
  } = props;
  const { t } = useTranslation('common');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    // undefined while the edited item loads: the fields are filled once it arrives
    if (open && initialValues) form.setFieldsValue(initialValues);
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

  const ok = okText ?? (editing ? t('save') : t('create'));
  const onOk = () => void submit().catch(() => undefined);
  const body = (
    <Form form={form} name={name} layout="vertical" requiredMark={requiredMark} preserve={false} onValuesChange={onValuesChange}>
      {children}
    </Form>
  );

  // No forceRender here (unlike the modal): a drawer's form pre-mounted while closed left the fields mounted
  // later (the listener's WebSocket panel) reading a store without the type, so their help tooltips went missing.
  if (variant === 'drawer')
    return (
      <Drawer
        open={open}
        title={title}
        onClose={onClose}
        size="large"
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={submitting} disabled={okDisabled} onClick={onOk}>
              {ok}
            </Button>
          </Space>
        }
      >
        {body}
      </Drawer>
    );

  return (
    <Modal
      open={open}
      title={title}
      onOk={onOk}
      onCancel={onClose}
      okText={ok}
      cancelText={t('cancel')}
      confirmLoading={submitting}
      okButtonProps={okDisabled ? { disabled: true } : undefined}
      destroyOnHidden
      forceRender
    >
      {body}
    </Modal>
  );
}
