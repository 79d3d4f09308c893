// What the operator reads when a webhook operation stops half-way: which part the node refused, its reason (as
// shared/apiErrors says it), and what was put back, removed, or has to be deleted by hand.
import { i18n } from '../../i18n/i18n';
import { errorText } from '../../shared/apiErrors';
import { WebhookStepError, type Part } from './webhook.api';
import './webhook.messages';

const PART_KEY = { connector: 'partConnector', action: 'partAction', rule: 'partRule' } as const;
export const partName = (part: Part) => i18n.t(`webhook:${PART_KEY[part]}`);

const sentence = (s: string) => (/[.!?。！？]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
const manual = (ids: string[]) => ids.map((target) => i18n.t('webhook:deleteFailedPart', { target })).join(' ');

export type Operation = 'create' | 'update' | 'toggle' | 'delete';

export function webhookErrorText(op: Operation, e: unknown): string {
  if (!(e instanceof WebhookStepError)) return errorText(e);
  const reason = sentence(errorText(e.cause));
  const part = partName(e.part);
  if (op === 'delete') return `${manual(e.leftovers)} (${reason})`;
  if (op === 'update') return i18n.t('webhook:updateFailed', { part, reason });
  const head = i18n.t(op === 'create' ? 'webhook:createFailed' : 'webhook:toggleFailed', { part, reason });
  if (e.leftovers.length) return `${head} ${manual(e.leftovers)}`;
  return op === 'create' && e.part !== 'connector' ? `${head} ${i18n.t('webhook:createCleaned')}` : head;
}
