// LDAP (ldapts) for the ldap authenticator: a pool of connections bound as the service account that
// search for the user, and a throw-away connection for the `bind` method. Placeholder values are
// escaped for filters (RFC 4515) and DNs (RFC 4514), so a username cannot change the query.
import type { Client } from 'ldapts';
import { ldapts } from '../../../shared/drivers';
import { lazyModule } from '../../../shared/lazy-module';
import { bad, durationField, durationMs, intField, optionalString, parseServer, probe, requiredString, sslField, withTimeout, type Status } from './options';

export interface LdapEntry {
  dn: string;
  attributes: Record<string, string[]>;
}

export interface LdapConnector {
  /** the first entry under baseDn matching filter, or undefined */
  findOne(baseDn: string, filter: string, attributes: string[]): Promise<LdapEntry | undefined>;
  /** true if dn/password bind, false on invalid credentials; throws when the server fails */
  tryBind(dn: string, password: string): Promise<boolean>;
  /** binds as the service account on a fresh connection; throws the server's reason */
  ping(): Promise<void>;
  status(): Promise<Status>;
  close(): Promise<void>;
}

export function escapeFilterValue(v: string): string {
  return v.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function escapeDnValue(v: string): string {
  let out = v.replace(/[\\,+"<>;=\0]/g, (c) => (c === '\0' ? '\\00' : `\\${c}`));
  if (out.startsWith(' ') || out.startsWith('#')) out = `\\${out}`;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

/** EMQX accepts spaces between filter components ("(& (a=b) (c=d))"); the LDAP string form does not. */
export function compactFilter(filter: string): string {
  return filter
    .trim()
    .replace(/\(\s*([&|!])\s*/g, '($1')
    .replace(/\)\s+(?=[()])/g, ')');
}

/** Renders a template with every ${...} value passed through `escape`. */
export function renderEscaped(template: string, value: (name: string) => string, escape: (v: string) => string): string {
  return template.replace(/\$\{([a-z_]+(?:\.[\w-]+)?)\}/g, (_m, name: string) => escape(value(name)));
}

export function normalizeLdapConnector(raw: Record<string, unknown>): Record<string, unknown> {
  parseServer(raw.server, 389);
  const filter = compactFilter((raw.filter as string | undefined) ?? '(objectClass=mqttUser)');
  if (!/^\(.*\)$/.test(filter)) throw bad('filter: expected an LDAP filter in parentheses');
  const out: Record<string, unknown> = {
    ...raw,
    username: requiredString(raw, 'username'),
    base_dn: requiredString(raw, 'base_dn'),
    filter: raw.filter ?? '(objectClass=mqttUser)',
    pool_size: intField(raw, 'pool_size', 8, 1, 1024),
    query_timeout: durationField(raw, 'query_timeout', '5s'),
    request_timeout: durationField(raw, 'request_timeout', '10s'),
    ssl: sslField(raw),
  };
  if (optionalString(raw, 'password') === undefined) delete out.password;
  return out;
}

/** ldapts result errors carry their meaning in the class name ("InvalidCredentialsError", message " Code: 0x31") */
function ldapReason(err: unknown): unknown {
  if (!(err instanceof Error) || !/^[A-Z]\w+Error$/.test(err.name) || !/^\s*Code: 0x/.test(err.message)) return err;
  const words = err.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return new Error(`LDAP bind: ${words} (${err.message.trim()})`);
}

export function ldapConnector(cfg: Record<string, unknown>): LdapConnector {
  const { host, port } = parseServer(cfg.server, 389);
  const url = `ldap://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const timeout = durationMs(cfg.query_timeout, 5000);
  const connectTimeout = durationMs(cfg.request_timeout, 10_000);
  const bindDn = cfg.username as string;
  const bindPassword = (cfg.password as string | undefined) ?? '';
  const newClient = async () => new (await ldapts()).Client({ url, timeout, connectTimeout, strictDN: false });
  // made on first use, once ldapts has loaded (a client connects on its first bind anyway)
  const slots = lazyModule(() => Promise.all(Array.from({ length: cfg.pool_size as number }, async () => ({ client: await newClient(), bound: false }))));
  let next = 0;

  async function withPooled<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const pool = await slots();
    const slot = pool[next++ % pool.length];
    try {
      if (!slot.bound) {
        await slot.client.bind(bindDn, bindPassword);
        slot.bound = true;
      }
      return await fn(slot.client);
    } catch (err) {
      // a broken connection is replaced; the next use connects and binds again
      slot.bound = false;
      await slot.client.unbind().catch(() => undefined);
      slot.client = await newClient();
      throw err;
    }
  }

  return {
    async findOne(baseDn, filter, attributes) {
      const res = await withTimeout(
        withPooled((c) => c.search(baseDn, { scope: 'sub', filter, attributes, sizeLimit: 1 })),
        timeout,
        'LDAP search',
      );
      const e = res.searchEntries[0];
      if (!e) return undefined;
      const attrs: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(e)) {
        if (k === 'dn') continue;
        attrs[k.toLowerCase()] = (Array.isArray(v) ? v : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));
      }
      return { dn: e.dn, attributes: attrs };
    },
    async tryBind(dn, password) {
      // an empty password would be an anonymous bind that "succeeds": never accept it as a login
      if (password === '') return false;
      const { InvalidCredentialsError } = await ldapts();
      const c = await newClient();
      try {
        await withTimeout(c.bind(dn, password), timeout, 'LDAP bind');
        return true;
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return false;
        throw err;
      } finally {
        await c.unbind().catch(() => undefined);
      }
    },
    async ping() {
      const c = await newClient();
      try {
        await withTimeout(c.bind(bindDn, bindPassword), connectTimeout, 'LDAP bind');
      } catch (err) {
        throw ldapReason(err);
      } finally {
        await c.unbind().catch(() => undefined);
      }
    },
    status: () => probe(() => withPooled((c) => c.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] })), timeout),
    close: async () => {
      await Promise.all((slots.loaded ?? []).map((s) => s.client.unbind().catch(() => undefined)));
    },
  };
}
