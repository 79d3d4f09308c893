// Management › Monitoring › Integration (EMQX Enterprise console /monitoring/integration): how Prometheus reaches
// this node (scrape URL and a prometheus.yml job to copy) and the /prometheus settings; the second tab
// (?tab=opentelemetry) is features/opentelemetry.
import { Card, Flex, Tabs, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import OpenTelemetryPage from '../opentelemetry/OpenTelemetryPage';
import { CopyButton } from '../../shared/CopyButton';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { authFields, collectorFields, pushFields } from './prometheus.fields';
import { scrapeTarget, usePrometheusQuery, useSavePrometheusMutation, type PrometheusSettings } from './prometheus.api';
import { PushHeaders } from './PushHeaders';
import './prometheus.messages';

const FIELDS = [...authFields, ...pushFields, ...collectorFields];

function ScrapeCard({ basicAuth }: { basicAuth: boolean }) {
  const { t } = useTranslation('prometheus');
  const { token } = theme.useToken();
  const { url, yaml } = scrapeTarget(basicAuth);
  return (
    <Card size="small" title={t('scrapeTitle')} style={{ marginBottom: 16, maxWidth: 720 }}>
      <Typography.Paragraph>{t('scrapeIntro')}</Typography.Paragraph>
      <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('scrapeUrl')}</Typography.Text>
        <Typography.Text code data-testid="scrape-url">
          {url}
        </Typography.Text>
        <CopyButton text={url} size="small" />
      </Flex>
      <pre
        data-testid="scrape-example"
        style={{ margin: 0, padding: token.paddingSM, background: token.colorFillTertiary, borderRadius: token.borderRadius, fontFamily: token.fontFamilyCode }}
      >
        {yaml}
      </pre>
      <Flex gap={8} align="center" style={{ marginTop: 8 }}>
        <CopyButton text={yaml} size="small" label={t('copyExample')} />
        {basicAuth && <Typography.Text type="warning">{t('basicAuthNote')}</Typography.Text>}
      </Flex>
    </Card>
  );
}

function PrometheusTab() {
  const { t } = useTranslation('prometheus');
  const query = usePrometheusQuery();
  return (
    <>
      <SettingsScreen<PrometheusSettings>
        name="prometheus"
        ns="prometheus"
        title={t('title')}
        component="prometheus"
        fields={FIELDS}
        query={query}
        save={useSavePrometheusMutation()}
        notice={<ScrapeCard basicAuth={query.data?.enable_basic_auth === true} />}
        sections={[
          { title: t('authTitle'), from: 0, to: authFields.length },
          { title: t('pushTitle'), from: authFields.length, to: authFields.length + pushFields.length },
          { title: t('collectorsTitle'), from: authFields.length + pushFields.length, to: FIELDS.length, nodeNote: t('collectorsNote') },
        ]}
      />
      {query.data && <PushHeaders settings={query.data} />}
    </>
  );
}

export default function PrometheusPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'opentelemetry' ? 'opentelemetry' : 'prometheus';
  const items = [
    { key: 'prometheus', label: 'Prometheus', children: <PrometheusTab /> },
    { key: 'opentelemetry', label: 'OpenTelemetry', children: <OpenTelemetryPage /> },
  ];
  return <Tabs activeKey={tab} items={items} onChange={(k) => setParams({ tab: k }, { replace: true })} />;
}
