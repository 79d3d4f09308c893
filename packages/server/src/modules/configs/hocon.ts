// Raw config → HOCON text, as `GET /configs` answers with Accept text/plain (EMQX prints its raw config).
import { isObject } from '../../config/tree';

const BARE_KEY = /^[A-Za-z_][\w-]*$/;

function value(v: unknown, indent: string): string {
  if (Array.isArray(v)) return `[${v.map((x) => value(x, indent)).join(', ')}]`;
  if (isObject(v)) return block(v, indent);
  if (typeof v === 'string') return JSON.stringify(v);
  return String(v);
}

function block(obj: Record<string, unknown>, indent: string): string {
  const inner = `${indent}  `;
  const lines = Object.entries(obj).map(
    ([k, v]) => `${inner}${BARE_KEY.test(k) ? k : JSON.stringify(k)} ${v !== null && typeof v === 'object' && !Array.isArray(v) ? '' : '= '}${value(v, inner)}`,
  );
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}';
}

/** `root {...}` blocks, one per root, in the given order. */
export function toHocon(roots: Record<string, unknown>): string {
  return (
    Object.entries(roots)
      .map(([k, v]) => (isObject(v) ? `${k} ${block(v, '')}` : `${k} = ${value(v, '')}`))
      .join('\n\n') + '\n'
  );
}
