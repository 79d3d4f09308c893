// Integration › Flows › Create (#/flow/create) and a rule opened as a flow (#/flow/:id): EMQX 5.8 EE's Flow
// Designer. A palette of Source, Processing and Sink nodes (drag onto the canvas, or click), connections drawn from
// right handles to left ones, a side form per node; Save checks the graph as EMQX does and writes one rule:
// POST /rules when creating, PUT /rules/{id} when editing (SQL from the source and processing nodes, actions from the
// sinks). A rule whose SQL the builder cannot split opens with an SQL node.
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { addEdge, Background, Controls, ReactFlow, ReactFlowProvider, useEdgesState, useNodesState, useReactFlow, type Connection, type Edge } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, Button, Flex, Form, Input, Result, Spin, Typography, theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { isApiError, NetworkError } from '../../api/client';
import { errorText } from '../../shared/apiErrors';
import { useCreateBridgeMutation, type BridgeKind } from '../actions/bridges.api';
import { useThemeState } from '../../theme/themeStore';
import { ActionModal } from '../rules/components/ActionModal';
import { useCreateRuleMutation, useRuleQuery, useUpdateRuleMutation, type NewRule } from '../rules/rules.api';
import { ruleIdRule } from '../rules/rules.rules';
import type { RuleAction } from '../rules/rules.types';
import { isRepublish } from '../rules/actions';
import '../rules/rules.messages';
import { flowKeys } from './flow.api';
import {
  connectionProblem,
  emptyData,
  graphToRule,
  nextPosition,
  ruleToGraph,
  validateGraph,
  PROCESSING_KINDS,
  SINK_KINDS,
  SOURCE_KINDS,
  type FlowNodeKind,
  type FlowProblem,
  type Graph,
  type NodeData,
} from './flow.editor';
import { FlowNodeCard, kindIcon, type DesignerNode } from './components/FlowNodeCard';
import { NodeDrawer } from './components/NodeDrawer';
import { BridgeDrawer, type BridgeNode } from './components/BridgeDrawer';
import { saveFlow, withoutDraft } from './save';
import './flow.messages';

const NODE_TYPES = { flow: FlowNodeCard };
const DRAG_TYPE = 'application/x-mqdeck-flow-node';

interface Basics {
  id?: string;
  description?: string;
}

const toDesigner = (g: Graph): { nodes: DesignerNode[]; edges: Edge[] } => ({
  nodes: g.nodes.map((n) => ({ id: n.id, type: 'flow', position: n.position, data: { value: n.data } })),
  edges: g.edges.map((e) => ({ ...e })),
});

const toGraph = (nodes: DesignerNode[], edges: Edge[]): Graph => ({
  nodes: nodes.map((n) => ({ id: n.id, data: n.data.value, position: n.position })),
  edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
});

let counter = 0;
const newId = (kind: FlowNodeKind) => `${kind}-${Date.now().toString(36)}${(counter++).toString(36)}`;

type GuideKey = 'guideSourceNodeLabel' | 'guideSourceNodeDesc' | 'guideProcessingNodeLabel' | 'guideProcessingNodeDesc' | 'guideSinkNodeLabel' | 'guideSinkNodeDesc';

function Palette({ onAdd }: { onAdd: (kind: FlowNodeKind) => void }) {
  const { t } = useTranslation('flow');
  const { token } = theme.useToken();
  const groups: Array<[GuideKey, GuideKey, FlowNodeKind[]]> = [
    ['guideSourceNodeLabel', 'guideSourceNodeDesc', SOURCE_KINDS],
    ['guideProcessingNodeLabel', 'guideProcessingNodeDesc', PROCESSING_KINDS],
    ['guideSinkNodeLabel', 'guideSinkNodeDesc', SINK_KINDS],
  ];
  return (
    <nav aria-label={t('create')} style={{ width: 220, flex: 'none' }}>
      {groups.map(([label, desc, kinds]) => (
        <div key={label} style={{ marginBottom: token.margin }}>
          <Typography.Text strong>{t(label)}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, marginBottom: token.marginXS }}>
            {t(desc)}
          </Typography.Paragraph>
          <Flex vertical gap={token.marginXXS}>
            {kinds.map((kind) => (
              <Button
                key={kind}
                block
                icon={kindIcon(kind)}
                style={{ justifyContent: 'flex-start', cursor: 'grab' }}
                aria-label={t('addNode', { name: t(`kind_${kind}`) })}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(DRAG_TYPE, kind);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => onAdd(kind)}
              >
                {t(`kind_${kind}`)}
              </Button>
            ))}
          </Flex>
        </div>
      ))}
    </nav>
  );
}

interface EditorProps {
  /** the rule's ID when editing; undefined at create */
  ruleId?: string;
  initial: Graph;
  basics: Basics;
  /** what PUT keeps of the rule (not edited here) */
  keep?: { enable: boolean; name?: string };
}

function Designer({ ruleId, initial, basics, keep }: EditorProps) {
  const { t } = useTranslation(['flow', 'common', 'rules']);
  const { token } = theme.useToken();
  const { effective } = useThemeState();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const flow = useReactFlow<DesignerNode, Edge>();
  const start = useMemo(() => toDesigner(initial), [initial]);
  const [nodes, setNodes, onNodesChange] = useNodesState<DesignerNode>(start.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(start.edges);
  const [editing, setEditing] = useState<{ id: string; fresh: boolean } | undefined>();
  const [problem, setProblem] = useState<FlowProblem | undefined>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Basics>();
  const create = useCreateRuleMutation();
  const update = useUpdateRuleMutation();
  const wrapper = useRef<HTMLDivElement>(null);

  const editingNode = editing ? nodes.find((n) => n.id === editing.id) : undefined;
  const problemText = (p: FlowProblem) => t(p.key, p.values);

  // a problem's nodes are outlined until the graph changes
  useEffect(() => {
    const marked = new Set(problem?.nodes ?? []);
    setNodes((ns) => ns.map((n) => (!!n.data.problem === marked.has(n.id) ? n : { ...n, data: { ...n.data, problem: marked.has(n.id) } })));
  }, [problem, setNodes]);

  const add = useCallback(
    (kind: FlowNodeKind, position?: { x: number; y: number }) => {
      const id = newId(kind);
      setNodes((ns) => [...ns, { id, type: 'flow', position: position ?? nextPosition(toGraph(ns, []).nodes, kind), data: { value: emptyData(kind) } }]);
      setProblem(undefined);
      setEditing({ id, fresh: true });
      // a node added by a click lands beside its column: bring the whole flow into view (queued until measured)
      if (!position) void flow.fitView({ maxZoom: 1, padding: 0.2 });
    },
    [setNodes, flow],
  );

  const onDrop = (e: DragEvent) => {
    const kind = e.dataTransfer.getData(DRAG_TYPE) as FlowNodeKind;
    if (!kind) return;
    e.preventDefault();
    add(kind, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
  };

  const onConnect = (c: Connection) => {
    const p = connectionProblem(
      toGraph(nodes, []).nodes.find((n) => n.id === c.source),
      toGraph(nodes, []).nodes.find((n) => n.id === c.target),
    );
    if (p) return void toast().error(problemText(p));
    setProblem(undefined);
    setEdges((es) => addEdge({ ...c, id: `${c.source}->${c.target}` }, es));
  };

  // the action drawer closes itself after saving: that close must not take the node just set up away again
  const saved = useRef<string | undefined>(undefined);
  const setNodeData = (id: string, value: NodeData) => {
    saved.current = id;
    setNodes((ns) => ns.map((n) => (n.id === id ? { ...n, data: { ...n.data, value } } : n)));
    setProblem(undefined);
    setEditing(undefined);
  };

  const removeNode = (id: string) => {
    setNodes((ns) => ns.filter((n) => n.id !== id));
    setEdges((es) => es.filter((e) => e.source !== id && e.target !== id));
    setProblem(undefined);
    setEditing(undefined);
  };

  /** Cancelling a node just added takes it away again (EMQX's drawer). */
  const closeEditor = () => {
    if (editing?.fresh && saved.current !== editing.id) removeNode(editing.id);
    else setEditing(undefined);
  };

  const createBridge = useCreateBridge();
  const [outcome, setOutcome] = useState<{ title: string; description?: string } | undefined>();

  const save = async () => {
    let v: Basics;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const graph = toGraph(nodes, edges);
    const p = validateGraph(graph);
    setProblem(p);
    setOutcome(undefined);
    if (p) return void toast().error(problemText(p));
    const { sql, actions } = graphToRule(graph);
    const description = v.description?.trim() ?? '';
    const id = v.id?.trim();
    setSaving(true);
    // the actions and sources drawn here are created first; each one created is kept on its node without its draft
    const result = await saveFlow(graph, {
      createBridge,
      onCreated: (c) => setNodes((ns) => ns.map((n) => (n.id === c.node ? { ...n, data: { ...n.data, value: withoutDraft(n.data.value) } } : n))),
      saveRule: async () =>
        ruleId
          ? update.mutateAsync({ id: ruleId, body: { sql, actions, description, enable: keep?.enable ?? true, name: keep?.name ?? '' } })
          : create.mutateAsync({ sql, actions, description, enable: true, name: '', ...(id ? { id } : {}) } satisfies NewRule),
    }).finally(() => setSaving(false));
    if (result.created.length) void qc.invalidateQueries({ queryKey: flowKeys.all });
    const ids = result.created.map((c) => c.id).join(', ');
    if (!result.ok) {
      // the node's message is toasted by the mutation cache; the alert says which step stopped and what exists now
      if (!isApiError(result.error) && !(result.error instanceof NetworkError)) throw result.error;
      const reason = errorText(result.error);
      if (result.step === 'bridge') {
        setProblem({ key: 'incompleteNode', nodes: [result.failed.node] });
        setOutcome({ title: t('bridgeCreateFailed', { id: result.failed.id, reason }), description: ids ? t('createdKept', { ids }) : undefined });
      } else setOutcome(ids ? { title: t('ruleFailedAfterCreate', { ids, reason }), description: t('createdKept', { ids }) } : undefined);
      return;
    }
    void qc.invalidateQueries({ queryKey: flowKeys.all });
    if (ruleId) void toast().success(t('common:updateSuccess'));
    else {
      void toast().success(t('common:createSuccess'));
      navigate(`/flow/${encodeURIComponent((result.rule as { id: string }).id)}`, { replace: true });
    }
  };

  const sinkAction = (d: NodeData | undefined): RuleAction | undefined => (d?.kind === 'republish' || d?.kind === 'console' ? d.action : d?.kind === 'action' ? d.id : undefined);
  const editingData = editingNode?.data.value;
  const sinkOpen = editingData?.kind === 'republish' || editingData?.kind === 'console';
  const bridgeOpen = editingData?.kind === 'action' || editingData?.kind === 'source';
  const nodeOpen = !!editingData && !sinkOpen && !bridgeOpen;
  const onSinkSave = (a: RuleAction) => {
    if (!editing) return;
    const value: NodeData = typeof a === 'string' ? { kind: 'action', id: a } : isRepublish(a) ? { kind: 'republish', action: a } : { kind: 'console', action: a };
    setNodeData(editing.id, value);
  };

  return (
    <>
      <Form form={form} layout="inline" initialValues={basics} name="flowBasics" style={{ marginBottom: token.margin, rowGap: token.marginXS }}>
        {!ruleId && (
          <Form.Item name="id" label={t('name')} rules={[ruleIdRule()]}>
            <Input placeholder={t('namePlaceholder')} style={{ width: 240 }} />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('description')}>
          <Input style={{ width: 360 }} />
        </Form.Item>
        <Form.Item>
          <Flex gap="small">
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {ruleId ? t('common:save') : t('common:create')}
            </Button>
            <Button onClick={() => navigate('/flow')}>{t('common:cancel')}</Button>
          </Flex>
        </Form.Item>
      </Form>
      {outcome ? (
        <Alert type="error" showIcon title={outcome.title} description={outcome.description} style={{ marginBottom: token.margin }} />
      ) : (
        problem && <Alert type="error" showIcon title={problemText(problem)} style={{ marginBottom: token.margin }} />
      )}
      <Flex gap={token.margin} align="stretch">
        <Palette onAdd={(kind) => add(kind)} />
        <div
          ref={wrapper}
          role="region"
          aria-label={t('canvas')}
          style={{ flex: 1, minHeight: 560, height: 'calc(100vh - 320px)', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          }}
          onDrop={onDrop}
        >
          <ReactFlow<DesignerNode, Edge>
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={(c) => {
              onEdgesChange(c);
              setProblem(undefined);
            }}
            onNodesDelete={() => setProblem(undefined)}
            onConnect={onConnect}
            onNodeClick={(_e, n) => setEditing({ id: n.id, fresh: false })}
            colorMode={effective}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            deleteKeyCode={['Backspace', 'Delete']}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls />
          </ReactFlow>
        </div>
      </Flex>
      <NodeDrawer
        nodeId={editing && nodeOpen ? editing.id : undefined}
        data={nodeOpen ? (editingData as Parameters<typeof NodeDrawer>[0]['data']) : undefined}
        onClose={closeEditor}
        onSave={(d) => editing && setNodeData(editing.id, d)}
        onDelete={() => editing && removeNode(editing.id)}
      />
      <BridgeDrawer
        nodeId={editing && bridgeOpen ? editing.id : undefined}
        data={bridgeOpen ? (editingData as BridgeNode) : undefined}
        onClose={closeEditor}
        onSave={(d) => editing && setNodeData(editing.id, d)}
        onDelete={() => editing && removeNode(editing.id)}
      />
      <ActionModal open={sinkOpen} action={sinkOpen ? sinkAction(editingData) : undefined} onClose={closeEditor} onSave={onSinkSave} />
    </>
  );
}

/** POST /actions or /sources, each through its kind's mutation (so its lists are refreshed). */
function useCreateBridge() {
  const actions = useCreateBridgeMutation('actions');
  const sources = useCreateBridgeMutation('sources');
  return (kind: BridgeKind, body: Record<string, unknown>) => (kind === 'actions' ? actions : sources).mutateAsync(body);
}

const EMPTY: Graph = { nodes: [], edges: [] };

export default function FlowEditorPage() {
  const { t } = useTranslation(['flow', 'common']);
  const { id } = useParams();
  const ruleId = id && id !== 'create' ? id : undefined;
  const title = (
    <>
      <Link to="/flow">{t('title')}</Link> / {ruleId ?? t('create')}
    </>
  );
  return (
    <PageSection title={title}>
      <Alert type="info" showIcon title={t('designerIntro')} style={{ marginBottom: 16 }} />
      <ReactFlowProvider>{ruleId ? <ExistingRule key={ruleId} id={ruleId} /> : <Designer initial={EMPTY} basics={{ id: '', description: '' }} />}</ReactFlowProvider>
    </PageSection>
  );
}

function ExistingRule({ id }: { id: string }) {
  const { t } = useTranslation(['flow', 'common']);
  const q = useRuleQuery(id);
  const rule = q.data;
  // built once per loaded rule: a refetch after saving must not throw away what the canvas shows
  const [initial, setInitial] = useState<Graph | undefined>();
  useEffect(() => {
    if (rule && !initial) setInitial(ruleToGraph(rule));
  }, [rule, initial]);
  if (q.isError) return isApiError(q.error) && q.error.status === 404 ? <Result status="404" title={t('notFound')} /> : <Alert type="error" showIcon title={String(q.error)} />;
  if (!rule || !initial) return <Spin />;
  return <Designer ruleId={id} initial={initial} basics={{ description: rule.description ?? '' }} keep={{ enable: rule.enable, name: rule.name }} />;
}
