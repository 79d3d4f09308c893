// The detail drawer of one audit entry: who, where from, when, the operation and the request as the node kept it
// (secrets already masked by the node), and the error it answered for a failure.
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import type { AuditEntry } from './audit.api';
import './audit.messages';

const json = (v: unknown) => JSON.stringify(v ?? {}, null, 2);

function Block({ value }: { value: unknown }) {
  return (
    <Typography.Paragraph copyable={{ text: json(value) }} style={{ marginBottom: 0 }}>
      <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{json(value)}</pre>
    </Typography.Paragraph>
  );
}

export function ResultTag({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const ok = entry.operation_result === 'success';
  return (
    <Tag color={ok ? 'success' : 'error'}>
      {t(ok ? 'success' : 'failure')} {entry.http_status_code}
    </Tag>
  );
}

export function AuditDetail({ entry, onClose }: { entry?: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const failure = entry?.failure ?? [];
  return (
    <Drawer open={!!entry} onClose={onClose} title={t('detailTitle')} size="large" destroyOnHidden>
      {entry && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('createdAt')}>{formatDateTime(entry.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('operation')}>
            <Typography.Text code>
              {entry.http_method?.toUpperCase()} {entry.operation_id}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('operationType')}>{entry.operation_type}</Descriptions.Item>
          <Descriptions.Item label={t('source')}>{entry.source || t('empty')}</Descriptions.Item>
          <Descriptions.Item label={t('from')}>{t(`from_${entry.from ?? 'unknown'}`)}</Descriptions.Item>
          <Descriptions.Item label={t('sourceIp')}>{entry.source_ip}</Descriptions.Item>
          <Descriptions.Item label={t('node')}>{entry.node}</Descriptions.Item>
          <Descriptions.Item label={t('result')}>
            <ResultTag entry={entry} />
          </Descriptions.Item>
          <Descriptions.Item label={t('duration')}>{t('durationMs', { ms: entry.duration_ms })}</Descriptions.Item>
          {failure.length > 0 && (
            <Descriptions.Item label={t('failureReason')}>
              <Block value={failure.map((f) => safeParse(f))} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('bindings')}>
            <Block value={entry.http_request?.bindings} />
          </Descriptions.Item>
          {Object.keys(entry.http_request?.query ?? {}).length > 0 && (
            <Descriptions.Item label={t('query')}>
              <Block value={entry.http_request?.query} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('requestBody')}>
            <Block value={entry.http_request?.body} />
          </Descriptions.Item>
          <Descriptions.Item label={t('headers')}>
            <Block value={entry.http_request?.headers} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
