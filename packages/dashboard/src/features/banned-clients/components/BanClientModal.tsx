// POST /banned {as, who, reason, until}. `until` is optional in the form: empty means never ('infinity').
// The picker has no disabledDate: antd drops a typed disabled date without a word (the ban was then created with
// 'infinity'); a past date is kept and untilRule refuses it with the spec's text.
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { BAN_AS, useCreateBanMutation, type BanAs } from '../banned-clients.api';
import { banAsLabel } from '../banned-clients.labels';
import { untilRule } from '../banned-clients.rules';

interface Values {
  as: BanAs;
  who: string;
  reason?: string;
  until?: Dayjs | null;
}

interface Props {
  open: boolean;
  onClose: () => void;
}

const INITIAL: Partial<Values> = { as: 'clientid' };

export function BanClientModal({ open, onClose }: Props) {
  const { t } = useTranslation(['bannedClients', 'common']);
  const [form] = Form.useForm<Values>();
  const as = Form.useWatch('as', form) ?? 'clientid';
  const create = useCreateBanMutation();

  const submit = (v: Values) =>
    create.mutateAsync({
      as: v.as,
      who: v.who.trim(),
      reason: v.reason?.trim() || undefined,
      until: v.until ? v.until.format('YYYY-MM-DDTHH:mm:ssZ') : 'infinity',
    });

  const placeholder = as.endsWith('_re') ? t('whoPlaceholderRe') : as === 'peerhost_net' ? t('whoPlaceholderNet') : undefined;
  return (
    <FormModal<Values>
      open={open}
      editing={false}
      title={t('add')}
      form={form}
      name="banClient"
      initialValues={INITIAL}
      onSubmit={submit}
      successMessage={t('banned')}
      onClose={onClose}
      requiredMark
    >
      <Form.Item name="as" label={t('as')} rules={[{ required: true, message: t('common:selectRequired', { name: t('as') }) }]}>
        <Select options={BAN_AS.map((a) => ({ value: a, label: banAsLabel(t, a) }))} />
      </Form.Item>
      <Form.Item name="who" label={t('who')} rules={[{ required: true, whitespace: true, message: t('common:required', { name: t('who') }) }]}>
        <Input placeholder={placeholder} />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="until" label={t('until')} rules={[untilRule()]}>
        <DatePicker showTime style={{ width: '100%' }} placeholder={t('neverExpire')} />
      </Form.Item>
    </FormModal>
  );
}
