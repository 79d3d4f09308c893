// Access Control › Flapping Detect: enable, window time, max disconnects, ban time (global zone).
import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber, Spin, Switch } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { useCanWrite } from '../../shared/useCanWrite';
import { useUnsavedChangesGuard } from '../../shared/useUnsavedChangesGuard';
import { toast } from '../../app/bridge';
import { DurationInput } from '../../shared/DurationInput';
import { durationMs } from '../../shared/duration';
import { useGlobalZoneQuery, useSaveFlappingMutation, type FlappingDetect } from './flapping.api';
import './flapping.messages';

/** Required, and at least one second (EMQX refuses a zero window or ban). */
function durationRules(t: (k: string, o?: Record<string, unknown>) => string, name: string): FormRule[] {
  return [
    { required: true, message: t('common:required', { name }) },
    {
      validator: (_r, v: unknown) => {
        const ms = durationMs(v);
        if (v === undefined || v === null || v === '') return Promise.resolve();
        if (ms === null) return Promise.reject(new Error(t('common:formatError')));
        return ms < 1000 ? Promise.reject(new Error(t('common:durationMin', { min: '1s' }))) : Promise.resolve();
      },
    },
  ];
}

export default function FlappingPage() {
  const { t } = useTranslation('flapping');
  const canWrite = useCanWrite();
  const [form] = Form.useForm<FlappingDetect>();
  const [dirty, setDirty] = useState(false);
  const zone = useGlobalZoneQuery();
  const save = useSaveFlappingMutation();
  const current = zone.data?.flapping_detect;
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({ ...current, ...v } as FlappingDetect);
    setDirty(false);
    void toast().success(t('common:saveSuccess'));
  }

  if (zone.isLoading) return <Spin />;
  return (
    <PageSection title={t('title')}>
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 24, maxWidth: 720 }} />
      <Form form={form} name="flapping" layout="vertical" style={{ maxWidth: 480 }} disabled={!canWrite || !current} onValuesChange={() => setDirty(true)}>
        <Form.Item name="enable" label={t('enable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="window_time" label={t('windowTime')} rules={durationRules(t, t('windowTime'))}>
          <DurationInput aria-label={t('windowTime')} units={['s', 'm', 'h']} />
        </Form.Item>
        <Form.Item name="max_count" label={t('maxCount')} rules={[{ required: true, message: t('common:required', { name: t('maxCount') }) },
          { type: 'number', min: 1, message: t('common:minError', { min: 1 }) }]}>
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="ban_time" label={t('banTime')} rules={durationRules(t, t('banTime'))}>
          <DurationInput aria-label={t('banTime')} units={['s', 'm', 'h', 'd']} />
        </Form.Item>
        {canWrite && (
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
            {t('common:save')}
          </Button>
        )}
      </Form>
    </PageSection>
  );
}
