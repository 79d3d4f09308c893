import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { required } from './fieldRules';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

export function LdapFields() {
  const { t } = useTranslation('authentication');
  const rules = useFieldRules();
  const type = Form.useWatch(['method', 'type']) as string | undefined;
  return (
    <>
      <Form.Item name="server" label={t('server')} rules={[required(t('server'))]}>
        <Input placeholder="127.0.0.1:389" />
      </Form.Item>
      <Form.Item name="username" label={t('username')} rules={[required(t('username'))]}>
        <Input autoComplete="off" placeholder="cn=admin,dc=example,dc=com" />
      </Form.Item>
      <Form.Item name="password" label={t('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="base_dn" label={t('baseDn')} rules={[required(t('baseDn'))]}>
        <Input placeholder="uid=${username},ou=testdevice,dc=emqx,dc=io" />
      </Form.Item>
      <Form.Item name="filter" label={t('ldapFilter')}>
        <Input />
      </Form.Item>
      <Form.Item name={['method', 'type']} label={t('ldapMethod')}>
        <Select
          options={[
            { value: 'hash', label: t('ldapHash') },
            { value: 'bind', label: t('ldapBind') },
          ]}
        />
      </Form.Item>
      {type === 'bind' ? (
        <Form.Item name={['method', 'bind_password']} label={t('bindPassword')} initialValue="${password}">
          <Input />
        </Form.Item>
      ) : (
        <>
          <Form.Item name={['method', 'password_attribute']} label={t('passwordAttribute')} initialValue="userPassword">
            <Input />
          </Form.Item>
          <Form.Item name={['method', 'is_superuser_attribute']} label={t('isSuperuserAttribute')} initialValue="isSuperuser">
            <Input />
          </Form.Item>
        </>
      )}
      <Form.Item name="pool_size" label={t('poolSize')} rules={[rules.integer(INT_BOUNDS.poolSize)]}>
        <IntegerInput style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="query_timeout" label={t('queryTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('queryTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="request_timeout" label={t('requestTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('requestTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
    </>
  );
}
