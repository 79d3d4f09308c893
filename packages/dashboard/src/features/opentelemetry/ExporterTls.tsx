// TLS of the exporter (exporter.ssl_options): used when the endpoint is https://, as EMQX does. PEM text pasted
// here is stored by the node as a file; the field then holds that file's path. Saved on its own, with the rest of
// the settings as the node has them.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSaveOpentelemetryMutation } from './opentelemetry.api';
import type { OtelSettings } from './opentelemetry.types';
import './opentelemetry.messages';

const FILES = ['cacertfile', 'certfile', 'keyfile'] as const;
type TlsForm = { verify: boolean } & Record<(typeof FILES)[number], string>;

const toForm = (s: OtelSettings): TlsForm => {
  const ssl = s.exporter.ssl_options;
  return { verify: ssl.verify === 'verify_peer', cacertfile: ssl.cacertfile ?? '', certfile: ssl.certfile ?? '', keyfile: ssl.keyfile ?? '' };
};

export function ExporterTls({ settings }: { settings: OtelSettings }) {
  const { t } = useTranslation(['opentelemetry', 'common']);
  const canWrite = useCanWrite();
  const save = useSaveOpentelemetryMutation();
  const [form] = Form.useForm<TlsForm>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => form.setFieldsValue(toForm(settings)), [form, settings]);

  const submit = async () => {
    const v = form.getFieldsValue();
    setProblem(undefined);
    try {
      const ssl = {
        ...settings.exporter.ssl_options,
        verify: v.verify ? 'verify_peer' : 'verify_none',
        ...Object.fromEntries(FILES.map((k) => [k, (v[k] ?? '').trim()])),
      } as const;
      await save.mutateAsync({ ...settings, exporter: { ...settings.exporter, ssl_options: ssl } });
      toast().success(t('common:saveSuccess'));
    } catch (e) {
      setProblem(errorText(e));
    }
  };

  return (
    <Card size="small" title={t('tlsTitle')} style={{ marginTop: 16, maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('tlsIntro')}</Typography.Paragraph>
      <Form form={form} name="opentelemetry-tls" layout="vertical" initialValues={toForm(settings)} disabled={!canWrite}>
        <Form.Item name="verify" label={t('verify')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {FILES.map((k) => (
          <Form.Item key={k} name={k} label={t(k)}>
            <Input.TextArea rows={3} placeholder="-----BEGIN …-----" />
          </Form.Item>
        ))}
      </Form>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} />}
      {canWrite && (
        <Button onClick={() => void submit()} loading={save.isPending}>
          {t('saveTls')}
        </Button>
      )}
    </Card>
  );
}
