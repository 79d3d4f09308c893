// Form.List of rules {permission, action, topic, qos, retain} with the spec's validation texts.
import { Button, Flex, Form, Input, Select, Tag, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { topicRule } from '../../../shared/topic';

export const RULE_DEFAULT = { permission: 'allow', action: 'all', topic: '', qos: [0, 1, 2], retain: 'all' };

export function RulesEditor({ name = 'rules' }: { name?: string }) {
  const { t } = useTranslation(['authorization', 'common']);
  const { token } = theme.useToken();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={token.marginXS}>
          {fields.map((f, i) => (
            <Flex key={f.key} gap={token.marginXS} align="start" wrap data-testid={`rule-${i}`}>
              <Form.Item name={[f.name, 'permission']} rules={[{ required: true, message: t('selectPermission') }]} style={{ marginBottom: 0, width: 110 }}>
                <Select
                  aria-label={`${t('permission')} ${i + 1}`}
                  placeholder={t('permission')}
                  options={[
                    { value: 'allow', label: t('allow') },
                    { value: 'deny', label: t('deny') },
                  ]}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'action']} rules={[{ required: true, message: t('selectAction') }]} style={{ marginBottom: 0, width: 170 }}>
                <Select
                  aria-label={`${t('action')} ${i + 1}`}
                  placeholder={t('action')}
                  options={[
                    { value: 'publish', label: t('publish') },
                    { value: 'subscribe', label: t('subscribe') },
                    { value: 'all', label: t('actionAll') },
                  ]}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'topic']}
                rules={[{ required: true, whitespace: true, message: t('enterTopic') }, topicRule('filter', { allowEq: true })]}
                style={{ marginBottom: 0, flex: 1, minWidth: 180 }}
              >
                <Input aria-label={`${t('topic')} ${i + 1}`} placeholder={t('topic')} />
              </Form.Item>
              <Form.Item name={[f.name, 'qos']} style={{ marginBottom: 0, width: 150 }}>
                {/* the chosen levels are shown as their digits ('0 1 2'): 'QoS 0' tags did not fit and collapsed to '+ 3 …' */}
                <Select
                  aria-label={`${t('qos')} ${i + 1}`}
                  mode="multiple"
                  placeholder={t('qos')}
                  options={[0, 1, 2].map((q) => ({ value: q, label: `QoS ${q}` }))}
                  tagRender={({ value, closable, onClose }) => (
                    <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: token.marginXXS }} data-testid="qos-tag">
                      {String(value)}
                    </Tag>
                  )}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'retain']} style={{ marginBottom: 0, width: 110 }}>
                <Select
                  aria-label={`${t('retain')} ${i + 1}`}
                  options={[
                    { value: 'all', label: t('retainAll') },
                    { value: true, label: t('common:yes') },
                    { value: false, label: t('common:no') },
                  ]}
                />
              </Form.Item>
              <Button icon={<DeleteOutlined />} aria-label={`${t('common:delete')} ${i + 1}`} onClick={() => remove(f.name)} />
            </Flex>
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add({ ...RULE_DEFAULT })}>
              {t('addRule')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/** Drops empty qos lists (EMQX then means every QoS). */
export function cleanRules<T extends { qos?: number[] }>(rules: T[] | undefined): T[] {
  return (rules ?? []).map((r) => {
    const out = { ...r, ...('topic' in r ? { topic: String((r as { topic?: unknown }).topic ?? '').trim() } : {}) };
    if (!out.qos || out.qos.length === 0) delete out.qos;
    return out;
  });
}
