// Server/credentials/pool of the SQL, MongoDB and Redis backends, plus the lookup (query, cmd or filter).
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { useFieldRules } from '../../../shared/forms/rules';
import type { Backend } from '../authentication.config';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { jsonObject, required } from './fieldRules';
import { MongoServerFields } from '../../../shared/forms/MongoServerFields';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

export function DatabaseFields({ backend }: { backend: Backend }) {
  const { t } = useTranslation(['authentication', 'common']);
  const rules = useFieldRules();
  const placeholders = <Typography.Text type="secondary">{t('placeholders')}</Typography.Text>;
  return (
    <>
      {backend === 'mongodb' ? (
        <MongoServerFields />
      ) : (
        <Form.Item name="server" label={t('server')} rules={[required(t('server'))]}>
          <Input placeholder="127.0.0.1:3306" />
        </Form.Item>
      )}
      {backend === 'redis' ? (
        <Form.Item
          name="database"
          label={t('database')}
          rules={[{ required: true, message: t('common:required', { name: t('database') }) }, rules.integer(INT_BOUNDS.redisDatabase)]}
        >
          <IntegerInput style={{ width: '100%' }} />
        </Form.Item>
      ) : (
        <Form.Item name="database" label={t('database')} rules={[required(t('database'))]}>
          <Input />
        </Form.Item>
      )}
      {backend === 'mongodb' && (
        <Form.Item name="collection" label={t('collection')} rules={[required(t('collection'))]}>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="username" label={t('username')} rules={backend === 'mysql' || backend === 'postgresql' ? [required(t('username'))] : []}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="password" label={t('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="pool_size" label={t('poolSize')} rules={[rules.integer(INT_BOUNDS.poolSize)]}>
        <IntegerInput style={{ width: '100%' }} />
      </Form.Item>
      {(backend === 'mysql' || backend === 'postgresql') && (
        <Form.Item name="query" label={t('query')} rules={[required(t('query'))]} extra={placeholders}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} spellCheck={false} />
        </Form.Item>
      )}
      {backend === 'mysql' && (
        <Form.Item name="query_timeout" label={t('queryTimeout')} rules={[rules.duration({ min: 1 })]}>
          <DurationInput aria-label={t('queryTimeout')} units={['ms', 's', 'm']} />
        </Form.Item>
      )}
      {backend === 'redis' && (
        <Form.Item name="cmd" label={t('cmd')} rules={[required(t('cmd'))]} extra={placeholders}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} spellCheck={false} />
        </Form.Item>
      )}
      {backend === 'mongodb' && (
        <>
          <Form.Item name="filter" label={t('filter')} rules={[jsonObject()]} extra={placeholders}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} spellCheck={false} />
          </Form.Item>
          <Form.Item name="password_hash_field" label={t('passwordHashField')} rules={[required(t('passwordHashField'))]}>
            <Input />
          </Form.Item>
          <Form.Item name="salt_field" label={t('saltField')}>
            <Input />
          </Form.Item>
          <Form.Item name="is_superuser_field" label={t('isSuperuserField')}>
            <Input />
          </Form.Item>
        </>
      )}
      {backend === 'redis' && (
        <Form.Item name="redis_type" label={t('redisType')}>
          <Select options={[{ value: 'single', label: 'single' }]} disabled />
        </Form.Item>
      )}
    </>
  );
}
