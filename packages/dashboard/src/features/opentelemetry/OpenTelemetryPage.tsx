// Management › Monitoring › Integration, OpenTelemetry tab (EMQX Enterprise console's Integration screen): the
// metrics export of this node (GET|PUT /opentelemetry). Only what the node does is offered: metrics over gRPC or
// OTLP/HTTP; logs and traces are said to be unavailable, with no switch for them.
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { exporterFields, metricsFields } from './opentelemetry.fields';
import { useOpentelemetryQuery, useSaveOpentelemetryMutation } from './opentelemetry.api';
import type { OtelSettings } from './opentelemetry.types';
import { ExporterTls } from './ExporterTls';
import './opentelemetry.messages';

const FIELDS = [...metricsFields, ...exporterFields];

export default function OpenTelemetryPage() {
  const { t } = useTranslation('opentelemetry');
  const query = useOpentelemetryQuery();
  return (
    <>
      <SettingsScreen<OtelSettings>
        name="opentelemetry"
        ns="opentelemetry"
        title={t('title')}
        component="opentelemetry"
        fields={FIELDS}
        query={query}
        save={useSaveOpentelemetryMutation()}
        notice={
          <div style={{ maxWidth: 720, marginBottom: 16 }}>
            <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
            <Alert type="info" showIcon title={t('signalsNote')} data-testid="otel-signals-note" />
          </div>
        }
        sections={[
          { title: t('metricsTitle'), from: 0, to: metricsFields.length },
          { title: t('exporterTitle'), from: metricsFields.length, to: FIELDS.length },
        ]}
      />
      {query.data && <ExporterTls settings={query.data} />}
    </>
  );
}
