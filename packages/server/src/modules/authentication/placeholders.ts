// EMQX placeholders (${username}, ${clientid}, ${password}, ${peerhost}, ${cert_subject},
// ${cert_common_name}, ${client_attrs.<name>}) resolved from a credential. SQL backends turn a template
// into text with `?`/`$n` markers plus the values to bind: values are never pasted into SQL.
import type { Credential } from './authenticator';

const PLACEHOLDER = /\$\{([a-z_]+(?:\.[\w-]+)?)\}/g;

export function placeholderValue(name: string, c: Credential): string {
  switch (name) {
    case 'username':
      return c.username ?? '';
    case 'clientid':
      return c.clientid;
    case 'password':
      return c.password ?? '';
    case 'peerhost':
      return c.peerhost;
    case 'cert_subject':
      return c.certSubject ?? '';
    case 'cert_common_name':
      return c.certCommonName ?? '';
    default:
      if (c.extra && name in c.extra) return c.extra[name];
      return name.startsWith('client_attrs.') ? (c.clientAttrs[name.slice('client_attrs.'.length)] ?? '') : '';
  }
}

/** Replaces every placeholder in a text (HTTP URLs, headers, bodies, Redis commands). */
export function renderText(template: string, c: Credential): string {
  return template.replace(PLACEHOLDER, (_m, name: string) => placeholderValue(name, c));
}

/** Deep rendering of a JSON body template (strings only). */
export function renderJson(value: unknown, c: Credential): unknown {
  if (typeof value === 'string') return renderText(value, c);
  if (Array.isArray(value)) return value.map((v) => renderJson(v, c));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderJson(v, c)]));
  return value;
}

/**
 * A SQL template with placeholders → parameterised SQL. `marker(i)` writes the i-th bind marker
 * (`?` for MySQL, `$1`.. for PostgreSQL). Quotes around a placeholder ('${username}') are dropped,
 * because the value is bound, not pasted.
 */
export function parameterize(sql: string, marker: (index: number) => string): { text: string; names: string[] } {
  const names: string[] = [];
  const text = sql.replace(/'?\$\{([a-z_]+(?:\.[\w-]+)?)\}'?/g, (_m, name: string) => {
    names.push(name);
    return marker(names.length);
  });
  return { text, names };
}

export const bindValues = (names: string[], c: Credential): string[] => names.map((n) => placeholderValue(n, c));
