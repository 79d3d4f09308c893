// One rule's lane: inputs → rule → outputs, each edge coloured (and labelled) by the status of what the data goes
// through, each node with its live status and a link to the screen that changes it.
import { Flex, Typography, theme } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '../../../shared/StatusTag';
import { useRuleEventsQuery } from '../../rules/rules.api';
import { eventTitle } from '../../rules/rule-events';
import { isWebhookName } from '../../webhook/webhook.model';
import { edgeStatus, type FlowNode, type Lane, type NodeStatus } from '../flow.graph';
import '../flow.messages';

const enc = encodeURIComponent;

/** Where a node is changed: a webhook's action and connector on its webhook page. */
function linkOf(kind: FlowNode['kind'], id: string): string | undefined {
  const name = id.slice(id.indexOf(':') + 1);
  const webhook = id.startsWith('http:') && isWebhookName(name);
  if (kind === 'rule') return `/rule/rules/${enc(id)}`;
  if (kind === 'action') return webhook ? `/webhook/${enc(name)}` : `/rule/actions/${enc(id)}`;
  if (kind === 'source') return `/rule/source/${enc(id)}`;
  return undefined;
}
const connectorLink = (id: string) => {
  const name = id.slice(id.indexOf(':') + 1);
  return id.startsWith('http:') && isWebhookName(name) ? `/webhook/${enc(name)}` : `/connector/${enc(id)}`;
};

function Status({ status }: { status?: NodeStatus }) {
  const { t } = useTranslation('flow');
  if (!status) return null;
  return status === 'missing' ? <StatusTag status="error" label={t('missing')} /> : <StatusTag status={status} />;
}

export function NodeCard({ node }: { node: FlowNode & { description?: string } }) {
  const { t, i18n } = useTranslation(['flow', 'common']);
  const { token } = theme.useToken();
  const events = useRuleEventsQuery().data;
  const event = node.kind === 'event' ? events?.find((e) => e.event === node.id) : undefined;
  const label = event ? eventTitle(event, i18n.language) : node.kind === 'console' ? t('console') : node.id;
  const link = node.status !== 'missing' ? linkOf(node.kind, node.id) : undefined;
  const kindLabel = node.kind === 'console' ? t('action') : t(node.kind);
  return (
    <div
      data-testid={`flow-node-${node.kind}-${node.id}`}
      style={{
        border: `1px solid ${node.kind === 'rule' ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        background: node.kind === 'rule' ? token.colorPrimaryBg : token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        minWidth: 180,
        maxWidth: 300,
      }}
    >
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {kindLabel}
        </Typography.Text>
        <Status status={node.status} />
      </Flex>
      <Typography.Text strong ellipsis={{ tooltip: label }} style={{ display: 'block', maxWidth: 276 }}>
        {link ? <Link to={link}>{label}</Link> : label}
      </Typography.Text>
      {node.description && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 276, fontSize: token.fontSizeSM }}>
          {node.description}
        </Typography.Text>
      )}
      {node.kind === 'rule' && (
        <Link to={`/flow/${enc(node.id)}`} style={{ fontSize: token.fontSizeSM }}>
          {t('editFlow')}
        </Link>
      )}
      {node.connector && (
        <Flex gap={token.marginXXS} align="center" wrap style={{ fontSize: token.fontSizeSM }}>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('connector')}
          </Typography.Text>
          <Link to={connectorLink(node.connector.id)}>{node.connector.id}</Link>
          <Status status={node.connector.status} />
        </Flex>
      )}
    </div>
  );
}

const STATUS_WORDS = ['connected', 'disconnected', 'connecting', 'inconsistent', 'stopped', 'running', 'disabled', 'error'] as const;
type StatusWord = (typeof STATUS_WORDS)[number];

function Edge({ from, to, status }: { from: string; to: string; status: NodeStatus }) {
  const { t } = useTranslation(['flow', 'common']);
  const { token } = theme.useToken();
  const color =
    status === 'connected' || status === 'running'
      ? token.colorSuccess
      : status === 'disconnected' || status === 'missing' || status === 'error'
        ? token.colorError
        : status === 'connecting'
          ? token.colorPrimary
          : status === 'inconsistent'
            ? token.colorWarning
            : token.colorTextQuaternary;
  const off = status === 'stopped' || status === 'disabled';
  const statusText = status === 'missing' ? t('missing') : (STATUS_WORDS as readonly string[]).includes(status) ? t(`common:${status as StatusWord}`) : status;
  return (
    <Flex align="center" role="img" aria-label={t('edge', { from, to, status: statusText })} title={statusText} style={{ minWidth: 48, flex: '0 0 48px', color }}>
      <div style={{ flex: 1, borderTop: `2px ${off ? 'dashed' : 'solid'} ${color}` }} />
      <ArrowRightOutlined style={{ fontSize: 12, marginLeft: -4 }} />
    </Flex>
  );
}

export function FlowLane({ lane }: { lane: Lane }) {
  const { t } = useTranslation('flow');
  const { token } = theme.useToken();
  const { rule } = lane;
  return (
    <Flex
      align="center"
      gap={0}
      wrap={false}
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}`, overflowX: 'auto' }}
      data-testid={`flow-lane-${rule.id}`}
    >
      <Flex vertical gap={token.marginXS} style={{ flex: 1, alignItems: 'flex-end' }}>
        {lane.inputs.length === 0 && <Typography.Text type="secondary">{t('noInput')}</Typography.Text>}
        {lane.inputs.map((n, i) => (
          <Flex key={`${n.kind}-${n.id}-${i}`} align="center">
            <NodeCard node={n} />
            <Edge from={n.id} to={rule.id} status={edgeStatus(n, rule)} />
          </Flex>
        ))}
      </Flex>
      <NodeCard node={rule} />
      <Flex vertical gap={token.marginXS} style={{ flex: 1 }}>
        {lane.outputs.length === 0 && <Typography.Text type="secondary">{t('noOutput')}</Typography.Text>}
        {lane.outputs.map((n, i) => (
          <Flex key={`${n.kind}-${n.id}-${i}`} align="center">
            <Edge from={rule.id} to={n.kind === 'console' ? t('console') : n.id} status={edgeStatus(n, rule)} />
            <NodeCard node={n} />
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
