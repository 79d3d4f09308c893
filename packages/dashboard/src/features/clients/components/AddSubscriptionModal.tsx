import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { topicRule } from '../../../shared/topic';
import { useSubscribeMutation } from '../clients.api';
import type { SubscribeBody } from '../clients.types';
import '../clients.messages';

interface Props {
  clientid: string;
  open: boolean;
  /** Topics the client is subscribed to already: the spec rejects a repeated topic ('Repeated topic'). */
  subscribed?: readonly string[];
  onClose: () => void;
}

const defaults: SubscribeBody = { topic: '', qos: 0, nl: 0, rap: 0, rh: 0 };

/** POST /clients/{id}/subscribe with the MQTT 5 subscription options (EMQX ignores nl/rap/rh for v3 clients). */
export function AddSubscriptionModal({ clientid, open, subscribed = [], onClose }: Props) {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<SubscribeBody>();
  const subscribe = useSubscribeMutation(clientid);
  const flag = [
    { value: 0, label: tc('no') },
    { value: 1, label: tc('yes') },
  ];

  const submit = (values: SubscribeBody) => subscribe.mutateAsync({ ...values, topic: values.topic.trim() });

  return (
    <FormModal<SubscribeBody>
      open={open}
      editing={false}
      title={t('addSubscription')}
      form={form}
      initialValues={defaults}
      onSubmit={submit}
      successMessage={t('subscribed')}
      onClose={onClose}
      okText={tc('add')}
      requiredMark
    >
      <Form.Item name="topic" label={t('topic')} rules={[{ required: true, whitespace: true, message: t('topicRequired') }, topicRule('filter', { others: () => subscribed })]}>
        <Input placeholder="t/#" autoFocus />
      </Form.Item>
      <Form.Item name="qos" label={t('qos')}>
        <Select options={[0, 1, 2].map((q) => ({ value: q, label: `QoS ${q}` }))} />
      </Form.Item>
      <Form.Item name="nl" label={t('noLocal')}>
        <Select options={flag} />
      </Form.Item>
      <Form.Item name="rap" label={t('retainAsPublished')}>
        <Select options={flag} />
      </Form.Item>
      <Form.Item name="rh" label={t('retainHandling')}>
        <Select options={[0, 1, 2].map((v) => ({ value: v, label: String(v) }))} />
      </Form.Item>
    </FormModal>
  );
}
