// Live tap (MQDeck, beyond EMQX which needs the rule saved first): runs the editor's SQL on the node's real
// traffic for at most TAP_SECONDS or TAP_MAX_MATCHES, and shows each input beside its output (or error).
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Collapse, Empty, Flex, Row, Tag, Typography, theme } from 'antd';
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/apiErrors';
import { ApiRequestError } from '../../../api/errors';
import { toast } from '../../../app/bridge';
import { formatDateTime } from '../../../shared/format';
import { isSqlProblem } from '../sql';
import { TAP_MAX_MATCHES, TAP_SECONDS, readTap, startTap, stopTap } from '../live-tap';
import { PayloadViewer } from '../../../shared/PayloadViewer';
import { TextPayloadViewer } from '../../../shared/payload-decoding/TextPayloadViewer';

interface Props {
  sql: string;
  onRunningChange: (running: boolean) => void;
  onSqlError: (message: string | null) => void;
}

export function LiveTap({ sql, onRunningChange, onSqlError }: Props) {
  const { t } = useTranslation(['rules', 'common']);
  const { token } = theme.useToken();
  const [tap, setTap] = useState<{ id: string; startedAt: number; stopped: boolean } | null>(null);
  const [starting, setStarting] = useState(false);
  const poll = useQuery({
    queryKey: ['rule_tap', tap?.id],
    queryFn: ({ signal }) => readTap(tap!.id, signal),
    enabled: !!tap,
    refetchInterval: (q) => (tap && !tap.stopped && q.state.data?.status !== 'stopped' ? 1_000 : false),
    staleTime: 0,
  });
  const state = poll.data;
  const running = !!tap && !tap.stopped && state?.status !== 'stopped';

  const onRunning = useRef(onRunningChange);
  onRunning.current = onRunningChange;
  useEffect(() => onRunning.current(running), [running]);
  // Leaving the page (unmount) ends the tap on the node.
  const live = useRef<string | null>(null);
  live.current = running && tap ? tap.id : null;
  useEffect(() => {
    // Closing the tab unmounts nothing: stop the tap on pagehide too (stopTap's DELETE is sent with keepalive).
    const onHide = () => void (live.current && stopTap(live.current));
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, []);

  const start = async () => {
    setStarting(true);
    try {
      const { id } = await startTap(sql);
      onSqlError(null);
      setTap({ id, startedAt: Date.now(), stopped: false });
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 400 && isSqlProblem(e.message)) onSqlError(e.message);
      void toast().error(errorText(e));
    } finally {
      setStarting(false);
    }
  };
  const stop = () => {
    if (tap) stopTap(tap.id);
    setTap((x) => x && { ...x, stopped: true });
  };

  const reasonText = (r: string) => {
    const key = ({ duration: 'reasonDuration', max_matches: 'reasonMaxMatches', deleted: 'reasonDeleted', error: 'reasonError' } as const)[r];
    return key ? t(key) : r;
  };
  const left = tap ? Math.max(0, TAP_SECONDS - Math.floor((Date.now() - tap.startedAt) / 1000)) : TAP_SECONDS;
  const matches = state?.matches ?? [];
  const box = {
    background: token.colorFillQuaternary,
    borderRadius: token.borderRadius,
    padding: token.paddingXS,
    margin: 0,
    fontFamily: token.fontFamilyCode,
    whiteSpace: 'pre-wrap' as const,
    maxHeight: 240,
    overflow: 'auto',
  };

  return (
    <div>
      <Typography.Paragraph type="secondary">{t('liveTapHelp', { seconds: TAP_SECONDS, matches: TAP_MAX_MATCHES })}</Typography.Paragraph>
      <Flex gap="small" align="center" wrap style={{ marginBottom: token.margin }}>
        {running ? (
          <Button danger icon={<StopOutlined />} onClick={stop}>
            {t('tapStop')}
          </Button>
        ) : (
          <Button type="primary" icon={<PlayCircleOutlined />} loading={starting} onClick={() => void start()} disabled={!sql.trim()}>
            {t('tapStart')}
          </Button>
        )}
        {running && <Tag color="processing">{t('tapRunning', { seconds: left })}</Tag>}
        {tap && !running && <Tag>{state?.reason ? t('tapReason', { reason: reasonText(state.reason) }) : t('tapStopped')}</Tag>}
        {tap && <Typography.Text type="secondary">{t('tapCount', { n: matches.length })}</Typography.Text>}
      </Flex>
      {tap && matches.length === 0 && (running ? <Typography.Text type="secondary">{t('tapWaiting')}</Typography.Text> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
      {matches.length > 0 && (
        <Row gutter={[token.margin, token.marginXS]} aria-label={t('liveTap')}>
          <Col span={12}>
            <Typography.Text strong>{t('tapInput')}</Typography.Text>
          </Col>
          <Col span={12}>
            <Typography.Text strong>{t('tapOutput')}</Typography.Text>
          </Col>
          {matches
            .map((m, i) => ({ m, i }))
            .reverse()
            .map(({ m, i }) => (
              <Col span={24} key={i} data-testid="tap-match">
                <Typography.Text type="secondary">{formatDateTime(m.at)}</Typography.Text>
                <Row gutter={token.margin}>
                  <Col span={12}>
                    <pre style={box}>{JSON.stringify(m.input, null, 2)}</pre>
                    <InputPayload input={m.input} bytes={m.payload_base64} />
                  </Col>
                  <Col span={12}>{m.error ? <Alert type="error" showIcon title={m.error} /> : <pre style={box}>{JSON.stringify(m.output, null, 2)}</pre>}</Col>
                </Row>
              </Col>
            ))}
        </Row>
      )}
    </div>
  );
}

/**
 * The input's payload with the decoder picker (issue 14): decoders remembered for its topic's filter apply. The node
 * sends the payload's bytes (`payload_base64`), so binary payloads decode; without them only the text is there.
 */
function InputPayload({ input, bytes }: { input: unknown; bytes?: string }) {
  const { t } = useTranslation('payloadDecoding');
  const i = input as { payload?: unknown; topic?: unknown } | null;
  if (typeof i?.payload !== 'string' && bytes === undefined) return null;
  const topic = typeof i?.topic === 'string' ? i.topic : undefined;
  const viewer = bytes !== undefined ? <PayloadViewer payload={bytes} topic={topic} /> : <TextPayloadViewer text={String(i?.payload)} topic={topic} />;
  return <Collapse size="small" ghost destroyOnHidden items={[{ key: 'payload', label: t('payloadOfInput'), children: viewer }]} />;
}
