// Declarative description of one config field: where it lives, how it is edited and validated.
import type { ByteUnit, DurationUnit } from './units';

export type FieldKind =
  | { kind: 'switch' }
  | { kind: 'integer'; min?: number; max?: number; /** Typed as text: a non-number gets this text (retainer: 'It needs to be a number'). */ typeMessage?: string }
  | { kind: 'decimal'; min?: number; max?: number; step?: number }
  | { kind: 'integerOr'; word: 'infinity' | 'disabled'; min?: number; max?: number }
  | { kind: 'duration'; units?: readonly DurationUnit[]; words?: readonly string[]; min?: number; max?: number }
  | { kind: 'size'; units?: readonly ByteUnit[]; words?: readonly string[]; min?: number; max?: number }
  | { kind: 'rate'; /** a zero rate ('0/s') is refused, as the node refuses it for limiter rates */ positive?: boolean }
  /** EMQX percent string such as '80%', 0 to 100. */
  | { kind: 'percent' }
  | { kind: 'select'; options: readonly (string | number)[]; /** label key per option in the form's namespace */ optionLabels?: Record<string, string> }
  | { kind: 'text' }
  | { kind: 'priorities' }
  | { kind: 'clientAttrs' };

export type FieldSpec = FieldKind & {
  /** Dotted path inside the edited object, e.g. 'backend.max_retained_messages'. */
  path: string;
  /** Label key in the form's message namespace. */
  label: string;
  /** Message key of a help text, for keys whose schema entry has no description. */
  help?: string;
  /** Message key of a text shown under the field, true of EMQX and of our node alike. */
  note?: string;
  /** Message key of a text true of MQDeck's node only (what the key does on Node.js): shown only in front of it (`useMqdeckNode`). */
  nodeNote?: string;
  /** Path of a switch in the same form: the field is read-only while that switch is off (e.g. force_shutdown.enable). */
  enabledBy?: string;
  required?: boolean;
};

export function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** A copy of `obj` with `path` set (intermediate objects created as needed). */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const keys = path.split('.');
  const out = structuredClone(obj ?? {}) as Record<string, unknown>;
  let node = out;
  for (const k of keys.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
  return out as T;
}
