// Diagnostics › Log Trace › one trace: the log of the chosen node, read page by page and followed live while
// the trace runs; download of the same node's file.
import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Button, Collapse, Flex, Result, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { StatusTag } from '../../shared/StatusTag';
import { errorText } from '../../shared/apiErrors';
import { filterOf, useLogDetailQuery, useTracesQuery } from './log-trace.api';
import { traceTypeLabel } from './log-trace.labels';
import { useTraceLog } from './useTraceLog';
import { useTraceDownload } from './useTraceDownload';
import { tracePayloads } from './tracePayloads';
import { PayloadViewer } from '../../shared/PayloadViewer';
import './log-trace.messages';

/** The newest payloads listed under the log. */
const PAYLOADS_SHOWN = 50;

export default function LogTraceDetailPage() {
  const { t } = useTranslation(['logTrace', 'common']);
  const name = useParams().id ?? '';
  const traces = useTracesQuery();
  const trace = traces.data?.find((x) => x.name === name);
  const detail = useLogDetailQuery(name);
  const nodes = [...(detail.data ?? [])].sort((a, b) => b.mtime - a.mtime);
  const [picked, setPicked] = useState<string>();
  const node = picked ?? nodes[0]?.node;
  const running = trace?.status === 'running';
  const log = useTraceLog(name, node, running, trace !== undefined);
  const { downloading, download } = useTraceDownload();
  // the payloads of the log's lines, decodable like any payload of the console (newest first)
  const text = useDeferredValue(log.text);
  const payloads = useMemo(() => tracePayloads(text, PAYLOADS_SHOWN), [text]);

  if (traces.isSuccess && !trace) {
    return <Result status="404" title={t('notFound', { name })} extra={<Link to="/log-trace">{t('back')}</Link>} />;
  }
  // without the trace the log is never read: say why instead of spinning
  if (traces.isError && !trace) {
    return <Result status="error" title={errorText(traces.error)} extra={<Link to="/log-trace">{t('back')}</Link>} />;
  }

  return (
    <PageSection
      title={
        <Flex gap={8} align="center" wrap>
          <Link to="/log-trace">{t('back')}</Link>
          <span>/</span>
          <span>{name}</span>
          {trace && <StatusTag status={trace.status} />}
        </Flex>
      }
      extra={
        <Flex gap={8}>
          {nodes.length > 0 && (
            <Select aria-label={t('node')} value={node} style={{ minWidth: 200 }} onChange={setPicked} options={nodes.map((n) => ({ value: n.node, label: n.node }))} />
          )}
          <Button onClick={() => void download(name, node)} loading={downloading === name} disabled={!log.text}>
            {t('download')}
          </Button>
        </Flex>
      }
    >
      {trace && (
        <Typography.Paragraph type="secondary">
          {traceTypeLabel(t, trace.type)}: <Typography.Text code>{filterOf(trace)}</Typography.Text>
          {running && <> · {t('live')}</>}
        </Typography.Paragraph>
      )}
      {log.tooLong && <Alert type="warning" showIcon title={t('tooLong')} style={{ marginBottom: 12 }} />}
      {log.error !== undefined && <Alert type="error" showIcon title={errorText(log.error)} style={{ marginBottom: 12 }} />}
      <Spin spinning={log.loading && !log.text}>
        <pre aria-label={t('title')} style={{ maxHeight: '65vh', minHeight: 200, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
          {log.text || (!log.loading ? t('empty') : '')}
        </pre>
      </Spin>
      {payloads.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t('payloads', { count: payloads.length })}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('payloadsHelp', { max: PAYLOADS_SHOWN })}</Typography.Paragraph>
          <Collapse
            size="small"
            destroyOnHidden
            data-testid="trace-payloads"
            items={payloads.map((p) => ({
              key: `${p.line}`,
              label: (
                <Typography.Text>
                  {p.time} · {p.msg}
                  {p.topic !== undefined && (
                    <>
                      {' · '}
                      <Typography.Text code>{p.topic}</Typography.Text>
                    </>
                  )}
                </Typography.Text>
              ),
              children: <PayloadViewer payload={p.base64} topic={p.topic} />,
            }))}
          />
        </div>
      )}
    </PageSection>
  );
}
