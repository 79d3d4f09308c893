// Management › Gateways › detail (/gateway/detail/{name}?tab=settings|listeners|auth|clients|metrics): status with Start,
// Stop and Restart (EMQX 5.8 has no restart call: stop then start through PUT …/enable/{false,true}); the tabs.
import { useEffect } from 'react';
import { Button, Flex, Form, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useCanWrite } from '../../shared/useCanWrite';
import { errorText } from '../../shared/apiErrors';
import { isApiError } from '../../api/client';
import { useEnableGatewayMutation, useGatewayQuery, useGatewaysQuery, useSaveGatewayMutation } from './gateways.api';
import { GATEWAY_LABELS, deepMerge, gatewayBody, isGatewayName, statusOf, type GatewayName, type GatewayValues } from './gateways.config';
import { GatewayStatusTag } from './components/GatewayStatusTag';
import { GatewaySettingsFields } from './components/GatewaySettingsFields';
import { GatewayListenersTab } from './components/GatewayListeners';
import { GatewayAuthTab } from './components/GatewayAuth';
import { GatewayClientsTab } from './components/GatewayClients';
import { GatewayMetricsTab } from './components/GatewayMetrics';
import './gateways.messages';

const TABS = ['settings', 'listeners', 'auth', 'clients', 'metrics'] as const;

function SettingsTab({ gateway, config }: { gateway: GatewayName; config: GatewayValues }) {
  const { t } = useTranslation(['gateways', 'common']);
  const canWrite = useCanWrite();
  const [form] = Form.useForm<GatewayValues>();
  const save = useSaveGatewayMutation(gateway);
  const stored = gatewayBody(config);
  useEffect(() => form.setFieldsValue(stored), [form, gateway]); // eslint-disable-line react-hooks/exhaustive-deps
  const flow = useSubmitFlow({
    read: async () => deepMerge(stored, (await form.validateFields()) as Record<string, unknown>),
    send: (body: GatewayValues) => save.mutateAsync(body),
    success: t('common:saveSuccess'),
  });
  return (
    <>
      {flow.guard}
      <Form form={form} name="gatewaySettings" layout="vertical" style={{ maxWidth: 720 }} onValuesChange={flow.markDirty} disabled={!canWrite}>
        <GatewaySettingsFields name={gateway} />
      </Form>
      {canWrite && (
        <Button type="primary" loading={save.isPending} onClick={flow.submit}>
          {t('common:save')}
        </Button>
      )}
    </>
  );
}

export default function GatewayDetailPage() {
  const { t } = useTranslation(['gateways', 'common']);
  const raw = useParams().name ?? '';
  const name = (isGatewayName(raw) ? raw : 'stomp') as GatewayName;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = TABS.find((x) => x === tabParam) ?? 'settings';
  const canWrite = useCanWrite();
  const list = useGatewaysQuery();
  const config = useGatewayQuery(name);
  const enable = useEnableGatewayMutation();
  const overview = list.data?.find((g) => g.name === name);
  const status = overview ? statusOf(overview) : undefined;
  const label = GATEWAY_LABELS[name];

  const back = (
    <Link to="/gateway">
      <Button>{t('back')}</Button>
    </Link>
  );
  if (!isGatewayName(raw)) return <Result status="404" title={t('notFound', { name: raw })} extra={back} />;
  if (config.isLoading || list.isLoading) return <Spin />;
  if (status === 'unloaded' || (isApiError(config.error) && config.error.status === 404))
    return (
      <Result
        status="info"
        title={t('notLoaded', { name: label })}
        extra={
          <Flex gap="small" justify="center">
            {back}
            {canWrite && (
              <Link to={`/gateway/create/${name}`}>
                <Button type="primary">{t('setup')}</Button>
              </Link>
            )}
          </Flex>
        }
      />
    );
  if (config.isError || !config.data) return <Result status="error" title={errorText(config.error)} extra={back} />;

  const run = (on: boolean) => enable.mutateAsync({ name, enable: on });
  const actions = canWrite && status && (
    <Flex gap="small" align="center">
      <GatewayStatusTag status={status} />
      {status === 'running' ? (
        <>
          <ConfirmAction title={t('stopConfirm', { name: label })} onConfirm={() => run(false)} successMessage={t('disableSuccess')} danger>
            <Button>{t('stop')}</Button>
          </ConfirmAction>
          <ConfirmAction
            title={t('restartConfirm', { name: label })}
            onConfirm={async () => {
              await run(false);
              await run(true);
            }}
            successMessage={t('restartSuccess')}
          >
            <Button>{t('restart')}</Button>
          </ConfirmAction>
        </>
      ) : (
        <Button type="primary" loading={enable.isPending} onClick={() => void run(true).then(() => void toast().success(t('enableSuccess')))}>
          {t('start')}
        </Button>
      )}
    </Flex>
  );

  return (
    <PageSection title={label} extra={actions || (status && <GatewayStatusTag status={status} />)}>
      <Tabs
        key={name}
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'settings', label: t('settings'), children: <SettingsTab gateway={name} config={config.data as GatewayValues} /> },
          { key: 'listeners', label: t('listeners'), children: <GatewayListenersTab gateway={name} /> },
          { key: 'auth', label: t('auth'), children: <GatewayAuthTab gateway={name} /> },
          { key: 'clients', label: t('clients'), children: <GatewayClientsTab gateway={name} running={status === 'running'} /> },
          { key: 'metrics', label: t('metrics'), children: <GatewayMetricsTab gateway={name} /> },
        ]}
      />
    </PageSection>
  );
}
