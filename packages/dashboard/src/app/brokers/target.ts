// Which broker the console manages (docs/api-extensions.md, "Several brokers in one console"): this node (none
// chosen) or one of the brokers it manages, whose API the node passes on at /api/v5/mqdeck/brokers/{id}/api/v5. The
// choice is kept beside the session and ends with it. Every call of the console follows it (api/client.ts rewrites
// the URL), except the node's own session (login, logout, the header's password change) and the broker list itself.

export interface TargetBroker {
  id: string;
  name: string;
  url: string;
  /** the broker's edition: the menu shows what that edition has */
  edition: string;
}

export const TARGET_KEY = 'mqdeck.broker';
/** a request header that keeps one call on this node whatever broker is chosen (stripped before sending) */
export const LOCAL_HEADER = 'x-mqdeck-local';

export function readTargetRaw(): string | null {
  try {
    return localStorage.getItem(TARGET_KEY);
  } catch {
    return null;
  }
}

export function getTargetBroker(): TargetBroker | null {
  const raw = readTargetRaw();
  if (!raw) return null;
  try {
    const t = JSON.parse(raw) as Partial<TargetBroker>;
    return typeof t.id === 'string' && typeof t.name === 'string' ? { id: t.id, name: t.name, url: String(t.url ?? ''), edition: String(t.edition ?? 'ee') } : null;
  } catch {
    return null;
  }
}

/** chooses a broker (null: this node) and reloads the console, so no screen, cache or live view keeps the other's data */
export function switchBroker(target: TargetBroker | null): void {
  if (target) localStorage.setItem(TARGET_KEY, JSON.stringify(target));
  else localStorage.removeItem(TARGET_KEY);
  window.location.reload();
}

const LOCAL_PATHS = [/^\/login$/, /^\/logout$/, /^\/mqdeck\/brokers(\/|$)/];

/** `…/api/v5/<path>` of this node → the same call on the chosen broker; unchanged when none is chosen or the call is local */
export function routedUrl(url: string, apiBase: string, local = false): string {
  const target = getTargetBroker();
  if (!target || local || !url.startsWith(`${apiBase}/`)) return url;
  const rest = url.slice(apiBase.length);
  const path = rest.split('?')[0];
  if (LOCAL_PATHS.some((re) => re.test(path))) return url;
  return `${apiBase}/mqdeck/brokers/${encodeURIComponent(target.id)}/api/v5${rest}`;
}
