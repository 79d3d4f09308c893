// GET/PUT /authorization/settings (no_match, deny_action, cache) and DELETE /authorization/cache.
import { useEffect } from 'react';
import { Button, Drawer, Flex, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { topicListRule } from '../../../shared/topic';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { useFieldRules } from '../../../shared/forms/rules';
import { toast } from '../../../app/bridge';
import { useAuthzSettingsQuery, useCleanCacheMutation, useSaveAuthzSettingsMutation, type AuthzSettings } from '../authorization.api';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

export function AuthzSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['authorization', 'common']);
  const rules = useFieldRules();
  const canWrite = useCanWrite();
  const [form] = Form.useForm<AuthzSettings>();
  const settings = useAuthzSettingsQuery();
  const save = useSaveAuthzSettingsMutation();
  const clean = useCleanCacheMutation();
  const cacheOn = Form.useWatch(['cache', 'enable'], form) as boolean | undefined;
  useEffect(() => {
    if (open && settings.data) form.setFieldsValue(settings.data);
  }, [open, settings.data, form]);

  async function submit() {
    const v = await form.validateFields();
    const stored = form.getFieldsValue(true) as AuthzSettings;
    await save.mutateAsync({ ...stored, ...v, cache: { ...stored.cache, ...v.cache, excludes: v.cache.excludes ?? [] } });
    void toast().success(t('common:saveSuccess'));
    onClose();
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('globalSettings')}
      size="large"
      extra={
        canWrite && (
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
            {t('common:save')}
          </Button>
        )
      }
    >
      <Form form={form} name="authzSettings" layout="vertical" disabled={!canWrite}>
        <Form.Item name="no_match" label={t('noMatch')}>
          <Radio.Group
            options={[
              { value: 'allow', label: t('allow') },
              { value: 'deny', label: t('deny') },
            ]}
          />
        </Form.Item>
        <Form.Item name="deny_action" label={t('denyAction')}>
          <Radio.Group
            options={[
              { value: 'ignore', label: t('ignore') },
              { value: 'disconnect', label: t('disconnect') },
            ]}
          />
        </Form.Item>
        <Form.Item name={['cache', 'enable']} label={t('cacheEnable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {cacheOn && (
          <>
            <Form.Item name={['cache', 'max_size']} label={t('cacheMaxSize')} rules={[rules.integer(INT_BOUNDS.cacheMaxSize)]}>
              <IntegerInput style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name={['cache', 'ttl']} label={t('cacheTtl')} rules={[{ pattern: /^\d+(ms|s|m|h|d)$/, message: t('common:formatError') }]}>
              <Input placeholder="1m" />
            </Form.Item>
            <Form.Item name={['cache', 'excludes']} label={t('cacheExcludes')} rules={[topicListRule('filter')]}>
              <Select mode="tags" open={false} suffixIcon={null} />
            </Form.Item>
          </>
        )}
      </Form>
      {canWrite && (
        <Flex>
          <ConfirmAction title={t('cleanCacheConfirm')} onConfirm={() => clean.mutateAsync()} successMessage={t('cleanCacheDone')} danger>
            <Button danger>{t('cleanCache')}</Button>
          </ConfirmAction>
        </Flex>
      )}
    </Drawer>
  );
}
