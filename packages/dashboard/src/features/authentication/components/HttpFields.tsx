import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { jsonObject, required } from './fieldRules';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

export function HttpFields() {
  const { t } = useTranslation(['authentication', 'common']);
  const rules = useFieldRules();
  const method = Form.useWatch('method') as string | undefined;
  return (
    <>
      <Form.Item name="method" label={t('method')}>
        <Select
          options={[
            { value: 'post', label: 'POST' },
            { value: 'get', label: 'GET' },
          ]}
        />
      </Form.Item>
      <Form.Item name="url" label={t('url')} rules={[required(t('url')), rules.url()]}>
        <Input placeholder="http://127.0.0.1:8080/auth" />
      </Form.Item>
      <Form.Item name="headers" label={t('headers')} rules={[jsonObject()]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
      </Form.Item>
      {method !== 'get' && (
        <Form.Item name="body" label={t('body')} rules={[jsonObject()]} extra={<Typography.Text type="secondary">{t('placeholders')}</Typography.Text>}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} spellCheck={false} />
        </Form.Item>
      )}
      <Form.Item name="connect_timeout" label={t('connectTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('connectTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="request_timeout" label={t('requestTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('requestTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="pool_size" label={t('poolSize')} rules={[rules.integer(INT_BOUNDS.poolSize)]}>
        <IntegerInput style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enable_pipelining" label={t('enablePipelining')} rules={[rules.integer(INT_BOUNDS.enablePipelining)]}>
        <IntegerInput style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
