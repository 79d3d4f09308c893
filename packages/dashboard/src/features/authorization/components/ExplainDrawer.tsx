// "Which rule decides?": the node evaluates a would-be request through the same sources, without a client.
// POST /authorization/explain is an API extension: the button and the drawer exist only where the node serves it.
import { Alert, Button, Descriptions, Drawer, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useExplainMutation, type ExplainRequest } from '../authorization.api';
import { useApiExtension } from '../../../shared/apiExtensions';
import { topicRule } from '../../../shared/topic';
import { isIpAddress } from '../../../shared/ip';

const EXTENSION = 'authorization_explain';

/** Opens the explain drawer; nothing in front of a node without the extension (a real EMQX). */
export function ExplainButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation(['authorization', 'common']);
  if (!useApiExtension(EXTENSION)) return null;
  return (
    <Button icon={<QuestionCircleOutlined />} onClick={onClick}>
      {t('explain')}
    </Button>
  );
}

export function ExplainDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const served = useApiExtension(EXTENSION);
  return served ? <ExplainPanel open={open} onClose={onClose} /> : null;
}

function ExplainPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['authorization', 'common']);
  const [form] = Form.useForm<ExplainRequest>();
  const explain = useExplainMutation();
  const r = explain.data;
  // a PUBLISH carries a topic name, a SUBSCRIBE a filter
  const action = Form.useWatch('action', form);

  // A verdict answers the inputs it was asked with: a change of them, or a new run, clears it first.
  async function run() {
    explain.reset();
    const v = await form.validateFields();
    explain.mutate({ ...v, username: v.username || undefined, peerhost: v.peerhost?.trim() || undefined });
  }
  const decided = !r ? '' : r.decided_by === 'superuser' ? t('decidedSuperuser') : r.decided_by === 'no_match' ? t('decidedNoMatch') : t('decidedSource', { source: r.source });
  return (
    <Drawer open={open} onClose={onClose} title={t('explainTitle')} size="large">
      <Typography.Paragraph type="secondary">{t('explainHint')}</Typography.Paragraph>
      <Form form={form} name="explain" layout="vertical" initialValues={{ action: 'publish', qos: 0, retain: false, is_superuser: false }} onValuesChange={() => explain.reset()}>
        <Form.Item name="clientid" label={t('clientid')} rules={[{ required: true, whitespace: true, message: t('common:required', { name: t('clientid') }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="username" label={t('username')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="peerhost"
          label={t('peerhost')}
          rules={[{ validator: (_r, v?: string) => (!v || isIpAddress(v) ? Promise.resolve() : Promise.reject(new Error(t('common:formatError')))) }]}
        >
          <Input placeholder="127.0.0.1" />
        </Form.Item>
        <Form.Item name="action" label={t('action')} rules={[{ required: true, message: t('selectAction') }]}>
          <Select
            options={[
              { value: 'publish', label: t('publish') },
              { value: 'subscribe', label: t('subscribe') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="topic"
          label={t('topic')}
          dependencies={['action']}
          rules={[{ required: true, whitespace: true, message: t('enterTopic') }, topicRule(action === 'subscribe' ? 'filter' : 'name')]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="qos" label={t('qos')}>
          <Select options={[0, 1, 2].map((q) => ({ value: q, label: `QoS ${q}` }))} />
        </Form.Item>
        <Form.Item name="retain" label={t('retain')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="is_superuser" label={t('isSuperuser')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" loading={explain.isPending} onClick={() => void run().catch(() => undefined)}>
          {t('run')}
        </Button>
      </Form>
      {r && (
        <div style={{ marginTop: 24 }}>
          <Alert type={r.result === 'allow' ? 'success' : 'error'} showIcon title={`${t('verdict')}: ${r.result === 'allow' ? t('allow') : t('deny')}`} />
          <Descriptions
            column={1}
            size="small"
            style={{ marginTop: 16 }}
            items={[
              { key: 'by', label: t('decidedBy'), children: decided },
              ...(r.rule ? [{ key: 'rule', label: t('rule'), children: <Typography.Text code>{r.rule}</Typography.Text> }] : []),
              {
                key: 'trace',
                label: t('trace'),
                children: r.sources.length
                  ? r.sources.map((s) => (
                      <Tag key={s.type} color={s.result === 'allow' ? 'success' : s.result === 'deny' ? 'error' : 'default'}>
                        {s.type}: {s.result}
                      </Tag>
                    ))
                  : '-',
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
