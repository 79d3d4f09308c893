// The push gateway's HTTP headers (push_gateway.headers, a map of header name → value), e.g. the Authorization a
// Pushgateway behind a proxy asks for. Saved on their own, with the rest of the settings as the node has them.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { errorText } from '../../shared/apiErrors';
import { RowsInput, type Row } from '../../shared/forms/RowsInput';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSavePrometheusMutation, type PrometheusSettings } from './prometheus.api';
import './prometheus.messages';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const toRows = (headers: Record<string, string>): Row[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** The headers map, or the message key of the first problem. */
function rowsToHeaders(rows: Row[]): { headers: Record<string, string> } | { problem: 'headerName_invalid' | 'headerDuplicate' } {
  const headers: Record<string, string> = {};
  for (const r of rows) {
    const name = String(r.name ?? '').trim();
    if (!TOKEN.test(name)) return { problem: 'headerName_invalid' };
    if (Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase())) return { problem: 'headerDuplicate' };
    headers[name] = String(r.value ?? '');
  }
  return { headers };
}

export function PushHeaders({ settings }: { settings: PrometheusSettings }) {
  const { t } = useTranslation(['prometheus', 'common']);
  const canWrite = useCanWrite();
  const save = useSavePrometheusMutation();
  const [rows, setRows] = useState<Row[]>(() => toRows(settings.push_gateway.headers ?? {}));
  const [problem, setProblem] = useState<string>();
  useEffect(() => setRows(toRows(settings.push_gateway.headers ?? {})), [settings.push_gateway.headers]);

  const submit = async () => {
    const parsed = rowsToHeaders(rows);
    if ('problem' in parsed) return setProblem(t(parsed.problem));
    const { headers } = parsed;
    setProblem(undefined);
    try {
      await save.mutateAsync({ ...settings, push_gateway: { ...settings.push_gateway, headers } });
      toast().success(t('common:saveSuccess'));
    } catch (e) {
      setProblem(errorText(e));
    }
  };

  return (
    <Card size="small" title={t('headersTitle')} style={{ marginTop: 16, maxWidth: 720 }}>
      <RowsInput
        value={rows}
        onChange={setRows}
        disabled={!canWrite}
        emptyText={t('noHeaders')}
        columns={[
          { key: 'name', label: t('headerName'), kind: 'text', width: 220 },
          { key: 'value', label: t('headerValue'), kind: 'text', width: 320 },
        ]}
      />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} />}
      {canWrite && (
        <Flex style={{ marginTop: 12 }}>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('saveHeaders')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
