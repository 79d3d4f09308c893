// MongoDB's topology (EMQX 5.8 mongo_type): a standalone server, or the host list of a replica set
// (with its name and read mode) or of a sharded cluster's mongos routers. Write mode exists in all three.
// Used by the authentication and authorization MongoDB forms (same fields in both EMQX schemas).
import { Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { MONGO_TYPES, type MongoType } from '../mongo';
import '../mongo.messages';

function required(name: string): FormRule {
  return { required: true, whitespace: true, message: i18n.t('common:required', { name }) };
}

export function MongoServerFields() {
  const { t } = useTranslation(['mongo', 'common']);
  const form = Form.useFormInstance();
  const type = (Form.useWatch('mongo_type') as MongoType | undefined) ?? 'single';

  /** keeps the address already typed when the mode changes between one server and a list */
  const onTypeChange = (next: MongoType) => {
    const server = form.getFieldValue('server') as string | undefined;
    const servers = form.getFieldValue('servers') as string | undefined;
    if (next === 'single' && !server && servers) form.setFieldValue('server', servers.split(',')[0].trim());
    if (next !== 'single' && !servers && server) form.setFieldValue('servers', server);
    if (next === 'rs' && !form.getFieldValue('r_mode')) form.setFieldValue('r_mode', 'master');
  };

  return (
    <>
      <Form.Item name="mongo_type" label={t('mongoType')}>
        <Select aria-label={t('mongoType')} onChange={onTypeChange} options={MONGO_TYPES.map((m) => ({ value: m, label: t(`mongoType_${m}`) }))} />
      </Form.Item>
      {type === 'single' ? (
        <Form.Item name="server" label={t('server')} rules={[required(t('server'))]}>
          <Input aria-label={t('server')} placeholder="127.0.0.1:27017" />
        </Form.Item>
      ) : (
        <Form.Item name="servers" label={t('servers')} rules={[required(t('servers'))]} extra={t('serversHint')}>
          <Input aria-label={t('servers')} placeholder="127.0.0.1:27017,127.0.0.2:27017" />
        </Form.Item>
      )}
      {type === 'rs' && (
        <>
          <Form.Item name="replica_set_name" label={t('replicaSetName')} rules={[required(t('replicaSetName'))]}>
            <Input aria-label={t('replicaSetName')} />
          </Form.Item>
          <Form.Item name="r_mode" label={t('readMode')}>
            <Select
              aria-label={t('readMode')}
              options={[
                { value: 'master', label: 'master' },
                { value: 'slave_ok', label: 'slave_ok' },
              ]}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="w_mode" label={t('writeMode')}>
        <Select
          aria-label={t('writeMode')}
          options={[
            { value: 'unsafe', label: 'unsafe' },
            { value: 'safe', label: 'safe' },
          ]}
        />
      </Form.Item>
    </>
  );
}
