// Keys, fetchers and hooks of the webhook pages. A webhook is three objects, so each operation is a short sequence
// of calls kept consistent: create = connector, action, rule (what was made is removed again when a later step
// fails); disable = rule, action, connector (enable the other way round; a failed step switches back the ones
// already switched); delete = rule, action, connector (a part already gone counts as deleted).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '../../api/client';
import type { Rule } from '../rules/rules.types';
import { ruleKeys } from '../rules/rules.api';
import { fromView } from '../rules/actions';
import { connectorKeys } from '../connectors/connectors.api';
import { actionKeys } from '../actions/actions.api';
import { bridgeIdOf, joinWebhooks, shortNameOf, toCreateBodies, toUpdateBodies, type PartialWebhook, type WebhookFormValues } from './webhook.model';
import type { ActionMetrics, ActionNodeMetrics, HttpAction, HttpConnector, Webhook } from './webhook.types';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  detail: (fullName: string) => ['webhooks', 'detail', fullName] as const,
  actionMetrics: (fullName: string) => ['webhooks', 'action-metrics', fullName] as const,
};

/** Every rule, page by page (the rule list is paged; a webhook's rule can be on any page). */
export async function fetchAllRules(signal?: AbortSignal): Promise<Rule[]> {
  const out: Rule[] = [];
  for (let page = 1; page <= 100; page++) {
    const r = await api.GET('/rules', { params: { query: { page, limit: 1000 } }, signal }).then(unwrap);
    out.push(...(r.data ?? []));
    if (!r.meta?.hasnext) break;
  }
  return out;
}

/** Every connector, read as its common fields (the contract's list is a union of every type's shape). */
export async function fetchConnectors(signal?: AbortSignal): Promise<Listed[]> {
  return ((await api.GET('/connectors', { signal }).then(unwrap)) ?? []) as unknown as Listed[];
}

export async function fetchActions(signal?: AbortSignal): Promise<Listed[]> {
  return ((await api.GET('/actions', { signal }).then(unwrap)) ?? []) as unknown as Listed[];
}

/** The fields every connector, action and source of GET /connectors, /actions, /sources has. */
export interface Listed {
  type: string;
  name: string;
  enable?: boolean;
  status?: string;
  status_reason?: string;
  connector?: string;
}

export function useWebhooksQuery() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: async ({ signal }) => {
      const [connectors, actions, rules] = await Promise.all([fetchConnectors(signal), fetchActions(signal), fetchAllRules(signal)]);
      return joinWebhooks(connectors, actions, rules);
    },
  });
}

/** The webhook `<name>_WH_D`; `missing` lists the parts the node does not have (404). */
export type WebhookDetail = { webhook: Webhook; missing?: undefined } | { webhook?: undefined; missing: Array<'connector' | 'action' | 'rule'>; partial: PartialWebhook };

export function useWebhookQuery(fullName: string) {
  const id = bridgeIdOf(fullName);
  return useQuery({
    queryKey: webhookKeys.detail(fullName),
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<WebhookDetail> => {
      const orMissing = <T>(p: Promise<T>) => p.catch((e: unknown) => (isApiError(e) && e.status === 404 ? undefined : Promise.reject(e)));
      const [connector, action, rule] = await Promise.all([
        orMissing(api.GET('/connectors/{id}', { params: { path: { id } }, signal }).then(unwrap) as Promise<HttpConnector>),
        orMissing(api.GET('/actions/{id}', { params: { path: { id } }, signal }).then(unwrap) as Promise<HttpAction>),
        orMissing(api.GET('/rules/{id}', { params: { path: { id: fullName } }, signal }).then(unwrap)),
      ]);
      if (connector && action && rule) {
        return { webhook: { name: shortNameOf(fullName), fullName, enable: connector.enable && action.enable && rule.enable, connector, action, rule } };
      }
      const missing = (
        [
          ['connector', connector],
          ['action', action],
          ['rule', rule],
        ] as const
      )
        .filter(([, v]) => !v)
        .map(([k]) => k);
      return { missing, partial: { fullName, connector, action, rule } };
    },
  });
}

export function useActionMetricsQuery(fullName: string) {
  return useQuery({
    queryKey: webhookKeys.actionMetrics(fullName),
    refetchInterval: 5_000,
    queryFn: async ({ signal }): Promise<{ metrics?: ActionMetrics; node_metrics?: ActionNodeMetrics[] }> =>
      api.GET('/actions/{id}/metrics', { params: { path: { id: bridgeIdOf(fullName) } }, signal }).then(unwrap),
  });
}

export type Part = 'connector' | 'action' | 'rule';

/** A step of a webhook operation failed: which part, why, and what could not be put back or removed. */
export class WebhookStepError extends Error {
  constructor(
    readonly part: Part,
    override readonly cause: unknown,
    /** IDs left behind that the operator must delete (cleanup failed too). */
    readonly leftovers: string[] = [],
  ) {
    super(`webhook ${part} step failed`);
  }
}

const createPart = {
  // the bodies leave out what EMQX defaults (webhook.types.ts), which the contract's body type marks as required
  connector: (b: ReturnType<typeof toCreateBodies>) => api.POST('/connectors', { body: b.connector as never }).then(unwrap),
  action: (b: ReturnType<typeof toCreateBodies>) => api.POST('/actions', { body: b.action as never }).then(unwrap),
  rule: (b: ReturnType<typeof toCreateBodies>) => api.POST('/rules', { body: b.rule }).then(unwrap),
};

async function deletePart(part: Part, fullName: string): Promise<void> {
  const id = bridgeIdOf(fullName);
  const call =
    part === 'rule'
      ? api.DELETE('/rules/{id}', { params: { path: { id: fullName } } })
      : part === 'action'
        ? api.DELETE('/actions/{id}', { params: { path: { id } } })
        : api.DELETE('/connectors/{id}', { params: { path: { id } } });
  try {
    await call.then(unwrap);
  } catch (e) {
    if (!(isApiError(e) && e.status === 404)) throw e;
  }
}

/** The ID an operator looks for in the lists: `http:<name>_WH_D` for the connector and action, the rule's ID. */
export const partId = (part: Part, fullName: string) => (part === 'rule' ? fullName : bridgeIdOf(fullName));

export async function createWebhook(values: WebhookFormValues): Promise<string> {
  const bodies = toCreateBodies(values);
  const fullName = bodies.rule.id!;
  const done: Part[] = [];
  for (const part of ['connector', 'action', 'rule'] as const) {
    try {
      await createPart[part](bodies);
      done.push(part);
    } catch (cause) {
      const leftovers: string[] = [];
      for (const made of done.reverse()) await deletePart(made, fullName).catch(() => leftovers.push(partId(made, fullName)));
      throw new WebhookStepError(part, cause, leftovers);
    }
  }
  return fullName;
}

async function setPartEnabled(part: Part, w: Webhook, enable: boolean): Promise<void> {
  const id = bridgeIdOf(w.fullName);
  if (part === 'connector') await api.PUT('/connectors/{id}/enable/{enable}', { params: { path: { id, enable } } }).then(unwrap);
  else if (part === 'action') await api.PUT('/actions/{id}/enable/{enable}', { params: { path: { id, enable } } }).then(unwrap);
  else {
    // the PUT body is the whole rule: read it fresh, so an SQL changed since the page loaded is not put back
    const now = await api.GET('/rules/{id}', { params: { path: { id: w.fullName } } }).then(unwrap);
    await api
      .PUT('/rules/{id}', {
        params: { path: { id: w.fullName } },
        body: { sql: now.sql, actions: now.actions.map(fromView), description: now.description, name: now.name, enable },
      })
      .then(unwrap);
  }
}

export async function toggleWebhook(w: Webhook, enable: boolean): Promise<void> {
  // a rule never calls a disabled action, an action never runs on a disabled connector
  const order: Part[] = enable ? ['connector', 'action', 'rule'] : ['rule', 'action', 'connector'];
  const done: Part[] = [];
  for (const part of order) {
    try {
      await setPartEnabled(part, w, enable);
      done.push(part);
    } catch (cause) {
      const leftovers: string[] = [];
      for (const p of done.reverse()) await setPartEnabled(p, w, !enable).catch(() => leftovers.push(partId(p, w.fullName)));
      throw new WebhookStepError(part, cause, leftovers);
    }
  }
}

export async function deleteWebhook(fullName: string): Promise<void> {
  for (const part of ['rule', 'action', 'connector'] as const) {
    try {
      await deletePart(part, fullName);
    } catch (cause) {
      throw new WebhookStepError(part, cause, [partId(part, fullName)]);
    }
  }
}

export async function updateWebhook(values: WebhookFormValues, w: Webhook): Promise<void> {
  const b = toUpdateBodies(values, w);
  const id = bridgeIdOf(w.fullName);
  const steps: Array<[Part, () => Promise<unknown>]> = [
    ['connector', () => api.PUT('/connectors/{id}', { params: { path: { id } }, body: b.connector as never }).then(unwrap)],
    ['action', () => api.PUT('/actions/{id}', { params: { path: { id } }, body: b.action as never }).then(unwrap)],
    ['rule', () => api.PUT('/rules/{id}', { params: { path: { id: w.fullName } }, body: b.rule }).then(unwrap)],
  ];
  for (const [part, run] of steps) {
    try {
      await run();
    } catch (cause) {
      throw new WebhookStepError(part, cause);
    }
  }
}

/** After any change: the webhook pages and the rule, action and connector screens all show the three objects. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([webhookKeys.all, ruleKeys.all, actionKeys.all, connectorKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

// The pages say what failed in their own words (webhook.errors.ts), so the mutation cache's toast is off.
export function useCreateWebhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createWebhook, onSettled: invalidate, meta: { silent: true } });
}

export function useUpdateWebhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ values, webhook }: { values: WebhookFormValues; webhook: Webhook }) => updateWebhook(values, webhook),
    onSettled: invalidate,
    meta: { silent: true },
  });
}

export function useToggleWebhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ webhook, enable }: { webhook: Webhook; enable: boolean }) => toggleWebhook(webhook, enable), onSettled: invalidate, meta: { silent: true } });
}

export function useDeleteWebhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteWebhook, onSettled: invalidate, meta: { silent: true } });
}

export function useResetWebhookMetricsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fullName: string) => {
      await api.PUT('/actions/{id}/metrics/reset', { params: { path: { id: bridgeIdOf(fullName) } } }).then(unwrap);
      await api.PUT('/rules/{id}/metrics/reset', { params: { path: { id: fullName } } }).then(unwrap);
    },
    onSuccess: (_d, fullName) =>
      Promise.all([qc.invalidateQueries({ queryKey: webhookKeys.actionMetrics(fullName) }), qc.invalidateQueries({ queryKey: ruleKeys.metrics(fullName) })]),
  });
}

/** Reconnect (POST /actions/{id}/start): the action starts again, and its connector with it when it was down. */
export function useReconnectWebhookMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) => api.POST('/actions/{id}/{operation}', { params: { path: { id: bridgeIdOf(fullName), operation: 'start' } } }).then(unwrap),
    onSettled: (_d, _e, fullName) => qc.invalidateQueries({ queryKey: webhookKeys.detail(fullName) }),
  });
}

/** POST /connectors_probe with the form's connector ('Connection is successful'). */
export function useProbeConnectorMutation() {
  return useMutation({
    mutationFn: (values: WebhookFormValues) =>
      api.POST('/connectors_probe', { body: toCreateBodies({ ...values, name: values.name.trim() || 'probe' }).connector as never }).then(unwrap),
  });
}
