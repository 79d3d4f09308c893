// One node of the designer's canvas: its kind, what it holds (topic, conditions, action…), and its handles — a source
// connects out on the right, a sink in on the left, a processing node both (EMQX's node hooks).
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Flex, Typography, theme } from 'antd';
import {
  ApiOutlined,
  CodeOutlined,
  ExportOutlined,
  FilterOutlined,
  FunctionOutlined,
  ImportOutlined,
  MessageOutlined,
  NotificationOutlined,
  SendOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnOf, isIncomplete, nodeSummary, NODE_WIDTH, type FlowNodeKind, type NodeData } from '../flow.editor';
import { leafConditions } from '../flow.sql';
import '../flow.messages';

export type DesignerNode = Node<{ value: NodeData; problem?: boolean }, 'flow'>;

const ICONS: Record<FlowNodeKind, React.ReactNode> = {
  message: <MessageOutlined />,
  event: <NotificationOutlined />,
  source: <ImportOutlined />,
  function: <FunctionOutlined />,
  filter: <FilterOutlined />,
  sql: <CodeOutlined />,
  republish: <SendOutlined />,
  console: <ExportOutlined />,
  action: <ApiOutlined />,
};

export const kindIcon = (kind: FlowNodeKind) => ICONS[kind];

function FlowNodeCardImpl({ id, data, selected }: NodeProps<DesignerNode>) {
  const { t } = useTranslation('flow');
  const { token } = theme.useToken();
  const d = data.value;
  const column = columnOf(d.kind);
  const incomplete = isIncomplete(d);
  const summary = (d.kind === 'action' || d.kind === 'source') && d.draft ? t('toBeCreated', { id: d.id }) : nodeSummary(d);
  const accent = column === 'source' ? token.colorSuccess : column === 'sink' ? token.colorPrimary : token.colorWarning;
  return (
    <div
      data-testid={`flow-node-${id}`}
      aria-label={`${t(`kind_${d.kind}`)}${summary ? `: ${summary}` : ''}`}
      style={{
        width: NODE_WIDTH,
        background: token.colorBgContainer,
        color: token.colorText,
        border: `1px solid ${data.problem ? token.colorError : selected ? token.colorPrimary : token.colorBorder}`,
        borderLeft: `4px solid ${accent}`,
        borderRadius: token.borderRadius,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        boxShadow: selected ? token.boxShadowSecondary : undefined,
        cursor: 'pointer',
      }}
    >
      {column !== 'source' && <Handle type="target" position={Position.Left} />}
      <Flex align="center" gap={token.marginXS}>
        <span style={{ color: accent }}>{ICONS[d.kind]}</span>
        <Typography.Text strong style={{ fontSize: token.fontSizeSM }}>
          {t(`kind_${d.kind}`)}
        </Typography.Text>
      </Flex>
      {incomplete ? (
        <Typography.Text type="warning" style={{ fontSize: token.fontSizeSM }}>
          <WarningOutlined /> {t('incomplete')}
        </Typography.Text>
      ) : (
        summary && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: summary }} style={{ fontSize: token.fontSizeSM, display: 'block' }}>
            {d.kind === 'filter' && d.mode === 'form' ? t('conditions', { count: leafConditions(d.form).length }) : summary}
          </Typography.Text>
        )
      )}
      {column !== 'sink' && <Handle type="source" position={Position.Right} />}
    </div>
  );
}

export const FlowNodeCard = memo(FlowNodeCardImpl);
