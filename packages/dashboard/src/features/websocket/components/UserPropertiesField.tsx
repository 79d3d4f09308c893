// Key/value rows for MQTT 5 user properties, used by the connect and publish forms.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';

interface Props {
  name: NamePath;
  disabled?: boolean;
}

export function UserPropertiesField({ name, disabled }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  return (
    <Form.Item label={t('userProperties')}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item name={[field.name, 'key']} noStyle>
                  <Input placeholder={t('propertyKey')} aria-label={t('propertyKey')} disabled={disabled} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} noStyle>
                  <Input placeholder={t('propertyValue')} aria-label={t('propertyValue')} disabled={disabled} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('removeUserProperty')} onClick={() => remove(field.name)} disabled={disabled} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })} disabled={disabled}>
              {t('addUserProperty')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
