// password_hash_algorithm: simple hashes with a salt position, pbkdf2 (mac, iterations, key length) or bcrypt.
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { HASH_NAMES, MAC_FUNS } from '../authentication.config';
import { useFieldRules } from '../../../shared/forms/rules';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { required } from './fieldRules';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

/** `withSaltRounds`: built-in database creates bcrypt hashes itself, so it asks for the cost. */
export function HashFields({ withSaltRounds }: { withSaltRounds: boolean }) {
  const { t } = useTranslation(['authentication', 'common']);
  const rules = useFieldRules();
  const name = Form.useWatch(['password_hash_algorithm', 'name']) as string | undefined;
  return (
    <>
      <Form.Item name={['password_hash_algorithm', 'name']} label={t('passwordHash')} rules={[required(t('passwordHash'))]}>
        <Select options={HASH_NAMES.map((h) => ({ value: h, label: h }))} />
      </Form.Item>
      {name === 'pbkdf2' ? (
        <>
          <Form.Item name={['password_hash_algorithm', 'mac_fun']} label={t('macFun')} initialValue="sha256" rules={[required(t('macFun'))]}>
            <Select options={MAC_FUNS.map((h) => ({ value: h, label: h }))} />
          </Form.Item>
          <Form.Item
            name={['password_hash_algorithm', 'iterations']}
            label={t('iterations')}
            initialValue={4096}
            rules={[{ required: true, message: t('common:required', { name: t('iterations') }) }, rules.integer(INT_BOUNDS.pbkdf2Iterations)]}
          >
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name={['password_hash_algorithm', 'dk_length']} label={t('dkLength')} rules={[rules.integer(INT_BOUNDS.dkLength)]}>
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
        </>
      ) : name === 'bcrypt' ? (
        withSaltRounds && (
          <Form.Item name={['password_hash_algorithm', 'salt_rounds']} label={t('saltRounds')} initialValue={10} rules={[rules.integer(INT_BOUNDS.saltRounds)]}>
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
        )
      ) : (
        <Form.Item name={['password_hash_algorithm', 'salt_position']} label={t('saltPosition')} initialValue="suffix">
          <Select
            options={[
              { value: 'prefix', label: t('saltPrefix') },
              { value: 'suffix', label: t('saltSuffix') },
              { value: 'disable', label: t('saltDisable') },
            ]}
          />
        </Form.Item>
      )}
    </>
  );
}
