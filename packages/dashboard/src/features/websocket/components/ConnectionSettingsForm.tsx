// The connection settings of one tab. Values live in the store (they survive leaving the page);
// the form is locked while a connection is open.
import { SyncOutlined } from '@ant-design/icons';
import { Alert, Checkbox, Col, Collapse, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPort, randomClientId } from '../model/settings';
import { websocketStore } from '../store/websocketStore';
import type { ConnectionSettings, WsScheme } from '../model/settings';
import { rangeRule, requiredRule } from '../websocket.rules';
import { UserPropertiesField } from './UserPropertiesField';
import { WillMessageFields } from './WillMessageFields';

interface Props {
  /** Unique per tab, so field ids (and label links) do not collide between tabs. */
  formName: string;
  form: FormInstance<ConnectionSettings>;
  settings: ConnectionSettings;
  locked: boolean;
  onChange: (settings: ConnectionSettings) => void;
}

const VERSIONS = [
  { value: 3, label: '3.1' },
  { value: 4, label: '3.1.1' },
  { value: 5, label: '5.0' },
];

export const ConnectionSettingsForm = memo(function ConnectionSettingsForm({ formName, form, settings, locked, onChange }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const version = Form.useWatch('protocolVersion', form) ?? settings.protocolVersion;
  const neverExpire = Form.useWatch('neverExpire', form) ?? settings.neverExpire;
  const v5 = version === 5;

  const emit = () => onChange({ ...settings, ...form.getFieldsValue(true) });
  const onValuesChange = (changed: Partial<ConnectionSettings>) => {
    // Switching ws ↔ wss moves a default port along with it; a custom port stays.
    if (changed.scheme) {
      const other: WsScheme = changed.scheme === 'wss' ? 'ws' : 'wss';
      const from = websocketStore.endpointOf(other);
      const to = websocketStore.endpointOf(changed.scheme);
      if (form.getFieldValue('port') === from.port || form.getFieldValue('port') === defaultPort(other)) form.setFieldValue('port', to.port);
      if (form.getFieldValue('path') === from.path) form.setFieldValue('path', to.path);
    }
    emit();
  };

  return (
    <Form<ConnectionSettings> form={form} name={formName} layout="vertical" initialValues={settings} onValuesChange={onValuesChange} disabled={locked} requiredMark={false}>
      {locked && <Alert type="info" showIcon title={t('settingsLocked')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={4}>
          <Form.Item name="scheme" label={t('scheme')}>
            <Select
              options={[
                { value: 'ws', label: 'ws://' },
                { value: 'wss', label: 'wss://' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="host" label={t('host')} rules={[requiredRule(t, t('host'))]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="port" label={t('port')} rules={[rangeRule(t, 'port', t('port'))]} extra={t('rangeHint', { min: 1, max: 65535 })}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="path" label={t('path')} rules={[requiredRule(t, t('path'))]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="clientId" label={t('clientId')}>
            <Input
              suffix={
                <SyncOutlined
                  role="button"
                  aria-label={t('regenerateClientId')}
                  title={t('regenerateClientId')}
                  onClick={() => {
                    if (locked) return;
                    form.setFieldValue('clientId', randomClientId());
                    emit();
                  }}
                />
              }
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="username" label={t('username')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="password" label={t('password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="protocolVersion" label={t('protocolVersion')}>
            <Select options={VERSIONS} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="keepalive" label={t('keepalive')} rules={[rangeRule(t, 'keepalive', t('keepalive'))]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="connectTimeout" label={t('connectTimeout')} rules={[rangeRule(t, 'connectTimeout', t('connectTimeout'))]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="clean" label={t('cleanStart')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {v5 && (
          <Col xs={24} md={9}>
            <Form.Item label={t('sessionExpiry')} required={false}>
              <Row gutter={8} align="middle" wrap={false}>
                <Col flex="auto">
                  <Form.Item name="sessionExpiryInterval" noStyle rules={neverExpire ? [] : [rangeRule(t, 'sessionExpiryInterval', t('sessionExpiry'))]}>
                    <InputNumber style={{ width: '100%' }} disabled={locked || neverExpire} aria-label={t('sessionExpiry')} />
                  </Form.Item>
                </Col>
                <Col flex="none">
                  <Form.Item name="neverExpire" valuePropName="checked" noStyle>
                    <Checkbox>{t('neverExpire')}</Checkbox>
                  </Form.Item>
                </Col>
              </Row>
            </Form.Item>
          </Col>
        )}
      </Row>
      <Alert type="info" showIcon={false} title={t('mountpointHint')} style={{ marginBottom: 16 }} />
      <Collapse
        size="small"
        items={[
          { key: 'will', label: t('willMessage'), children: <WillMessageFields form={form} v5={v5} locked={locked} />, forceRender: true },
          ...(v5
            ? [
                {
                  key: 'properties',
                  label: t('connectProperties'),
                  forceRender: true,
                  children: (
                    <Row gutter={16}>
                      <Col xs={24} md={8}>
                        <Form.Item name={['properties', 'receiveMaximum']} label={t('receiveMaximum')} rules={[rangeRule(t, 'receiveMaximum', t('receiveMaximum'), true)]}>
                          <InputNumber style={{ width: '100%' }} placeholder={t('optional')} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={8}>
                        <Form.Item
                          name={['properties', 'maximumPacketSize']}
                          label={t('maximumPacketSize')}
                          rules={[rangeRule(t, 'maximumPacketSize', t('maximumPacketSize'), true)]}
                        >
                          <InputNumber style={{ width: '100%' }} placeholder={t('optional')} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={8}>
                        <Form.Item
                          name={['properties', 'topicAliasMaximum']}
                          label={t('topicAliasMaximum')}
                          rules={[rangeRule(t, 'topicAliasMaximum', t('topicAliasMaximum'), true)]}
                        >
                          <InputNumber style={{ width: '100%' }} placeholder={t('optional')} />
                        </Form.Item>
                      </Col>
                      <Col span={24}>
                        <Form.Item name={['properties', 'requestResponseInformation']} valuePropName="checked">
                          <Checkbox>{t('requestResponseInformation')}</Checkbox>
                        </Form.Item>
                      </Col>
                      <Col span={24}>
                        <UserPropertiesField name={['properties', 'userProperties']} disabled={locked} />
                      </Col>
                    </Row>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Form>
  );
});
