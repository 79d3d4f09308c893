// The decoder remembered per topic filter (issue 14): the operator sets a decoder for a filter such as `sensors/#`,
// kept in this browser's localStorage, and every payload view whose topic matches the filter opens with it. When
// several filters match, the most specific wins (more literal levels, then a filter without '#').
import { useSyncExternalStore } from 'react';
import { topicProblem } from '../topic';
import { parseDecoderKey, type DecoderKey } from './decoders';

export interface DecoderRule {
  filter: string;
  decoder: DecoderKey;
}

export const STORAGE_KEY = 'mqdeck.payloadDecoders';

/** MQTT topic-filter matching (MQTT 5 §4.7): '+' one level, '#' the rest; a '$' topic does not match a leading wildcard. */
export function filterMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  if (topic.startsWith('$') && (f[0] === '#' || f[0] === '+')) return false;
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

function specificity(filter: string): number {
  const levels = filter.split('/');
  const literal = levels.filter((l) => l !== '+' && l !== '#').length;
  return literal * 1000 + (levels.includes('#') ? 0 : 100) + levels.length;
}

/** The rule applying to a topic: the most specific matching filter. */
export function ruleFor(topic: string, rules: readonly DecoderRule[]): DecoderRule | undefined {
  let best: DecoderRule | undefined;
  for (const r of rules) if (filterMatches(r.filter, topic) && (!best || specificity(r.filter) > specificity(best.filter))) best = r;
  return best;
}

function storedText(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(text: string | null): DecoderRule[] {
  try {
    const raw: unknown = JSON.parse(text ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (r): r is DecoderRule =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as DecoderRule).filter === 'string' &&
        !topicProblem((r as DecoderRule).filter, 'filter') &&
        typeof (r as DecoderRule).decoder === 'string' &&
        parseDecoderKey((r as DecoderRule).decoder) !== undefined,
    );
  } catch {
    return [];
  }
}

// The parsed rules of the stored text, parsed again only when the text changed (another tab, a cleared storage).
let current: { text: string | null; rules: DecoderRule[] } = { text: null, rules: [] };
const listeners = new Set<() => void>();

export function decoderRules(): readonly DecoderRule[] {
  const text = storedText();
  if (text !== current.text) current = { text, rules: parse(text) };
  return current.rules;
}

function write(rules: DecoderRule[]): void {
  const text = JSON.stringify(rules);
  try {
    localStorage.setItem(STORAGE_KEY, text);
    current = { text, rules };
  } catch {
    // storage full or disabled: nothing is remembered
  }
  for (const l of listeners) l();
}

/** Remembers a decoder for a filter (replacing the filter's previous one); a filter that is not valid is refused. */
export function rememberDecoder(filter: string, decoder: DecoderKey): boolean {
  if (topicProblem(filter, 'filter') || !parseDecoderKey(decoder)) return false;
  write([...decoderRules().filter((r) => r.filter !== filter), { filter, decoder }]);
  return true;
}

export function forgetDecoder(filter: string): void {
  write(decoderRules().filter((r) => r.filter !== filter));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab of the console changed the rules
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered rules, re-rendering when they change (here or in another tab). */
export function useDecoderRules(): readonly DecoderRule[] {
  return useSyncExternalStore(subscribe, decoderRules, decoderRules);
}
