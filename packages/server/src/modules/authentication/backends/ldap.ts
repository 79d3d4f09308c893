// password_based:ldap. method `hash` (default): find the user entry as the service account and compare
// the password attribute (plain or {SHA}/{SSHA}/{SHA256}/{SSHA256}/{SHA512}/{SSHA512}/{MD5}/{SMD5});
// method `bind`: find the entry, then bind as it with `bind_password` (default ${password}).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthnBackend, AuthnOutcome, Credential } from '../authenticator';
import { BAD_USERNAME_OR_PASSWORD } from '../authenticator';
import { compactFilter, escapeDnValue, escapeFilterValue, ldapConnector, normalizeLdapConnector, renderEscaped } from '../connectors/ldap';
import { bad } from '../connectors/options';
import { placeholderValue, renderText } from '../placeholders';
import { truthy } from './row-check';

export function normalizeLdapAuthn(raw: Record<string, unknown>): Record<string, unknown> {
  const out = normalizeLdapConnector(raw);
  const m = (raw.method ?? { type: 'hash' }) as Record<string, unknown>;
  if (typeof m !== 'object' || m === null) throw bad('method: expected an object');
  // the deprecated flat form (password_attribute at the top) is kept working as `hash`
  if (m.type === 'bind') {
    out.method = { type: 'bind', bind_password: (m.bind_password as string | undefined) ?? '${password}' };
  } else if (m.type === 'hash' || m.type === undefined) {
    out.method = {
      type: 'hash',
      password_attribute: (m.password_attribute as string | undefined) ?? (raw.password_attribute as string | undefined) ?? 'userPassword',
      is_superuser_attribute: (m.is_superuser_attribute as string | undefined) ?? (raw.is_superuser_attribute as string | undefined) ?? 'isSuperuser',
    };
  } else throw bad(`method.type: expected hash or bind, got ${JSON.stringify(m.type)}`);
  delete out.password_attribute;
  delete out.is_superuser_attribute;
  return out;
}

const SCHEMES: Record<string, { digest: string; salted: boolean }> = {
  sha: { digest: 'sha1', salted: false },
  ssha: { digest: 'sha1', salted: true },
  sha256: { digest: 'sha256', salted: false },
  ssha256: { digest: 'sha256', salted: true },
  sha512: { digest: 'sha512', salted: false },
  ssha512: { digest: 'sha512', salted: true },
  md5: { digest: 'md5', salted: false },
  smd5: { digest: 'md5', salted: true },
};

/** Checks a password against an LDAP userPassword value. Unknown {SCHEME}s never match. */
export function ldapPasswordMatches(stored: string, password: string): boolean {
  const m = /^\{([A-Za-z0-9]+)\}(.*)$/s.exec(stored);
  if (!m) return safeEqual(Buffer.from(stored), Buffer.from(password));
  const scheme = SCHEMES[m[1].toLowerCase()];
  if (!scheme) return false;
  const raw = Buffer.from(m[2], 'base64');
  const size = createHash(scheme.digest).digest().length;
  if (raw.length < size || (!scheme.salted && raw.length !== size)) return false;
  const salt = raw.subarray(size);
  const digest = createHash(scheme.digest).update(password).update(salt).digest();
  return safeEqual(digest, raw.subarray(0, size));
}

const safeEqual = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export function ldapAuthn(cfg: Record<string, unknown>): AuthnBackend {
  const ldap = ldapConnector(cfg);
  const method = cfg.method as { type: 'hash'; password_attribute: string; is_superuser_attribute: string } | { type: 'bind'; bind_password: string };
  const filterTemplate = compactFilter(cfg.filter as string);
  const superAttr = method.type === 'hash' ? method.is_superuser_attribute : 'isSuperuser';
  return {
    async check(c: Credential): Promise<AuthnOutcome> {
      if (c.password === null) return { result: 'ignore' };
      const value = (n: string) => placeholderValue(n, c);
      const baseDn = renderEscaped(cfg.base_dn as string, value, escapeDnValue);
      const filter = renderEscaped(filterTemplate, value, escapeFilterValue);
      const attrs = method.type === 'hash' ? [method.password_attribute, superAttr] : [superAttr];
      const entry = await ldap.findOne(baseDn, filter, attrs);
      if (!entry) return { result: 'ignore' };
      const isSuperuser = truthy(entry.attributes[superAttr.toLowerCase()]?.[0]);
      if (method.type === 'bind') {
        const ok = await ldap.tryBind(entry.dn, renderText(method.bind_password, c));
        return ok ? { result: 'allow', isSuperuser } : { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
      }
      const stored = entry.attributes[method.password_attribute.toLowerCase()];
      if (!stored?.length) return { result: 'ignore' };
      return stored.some((s) => ldapPasswordMatches(s, c.password!)) ? { result: 'allow', isSuperuser } : { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
    },
    ping: () => ldap.ping(),
    status: () => ldap.status(),
    close: () => ldap.close(),
  };
}
