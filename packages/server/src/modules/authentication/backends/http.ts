// password_based:http: the request carries the credential (placeholders in URL, headers, body); the
// answer decides as in EMQX: 204 → allow; 200 + JSON {result: allow|deny|ignore, is_superuser,
// client_attrs, acl, expire_at} → that result; any other status, or a body we cannot read → ignore.
import { parseAclRules } from '../../authorization/client-acl';
import type { AuthnBackend, AuthnOutcome } from '../authenticator';
import { BAD_USERNAME_OR_PASSWORD, NOT_AUTHORIZED } from '../authenticator';
import { httpConnector } from '../connectors/http';
import { renderText } from '../placeholders';
import { truthy } from './row-check';

export function httpAuthn(cfg: Record<string, unknown>): AuthnBackend {
  const http = httpConnector(cfg);
  return {
    async check(c) {
      const res = await http.request((t) => renderText(t, c));
      return decide(res.status, res.body);
    },
    ping: () => http.ping(),
    status: () => http.status(),
    close: () => http.close(),
  };
}

export function decide(status: number, body: string): AuthnOutcome {
  if (status === 204) return { result: 'allow', isSuperuser: false };
  if (status !== 200) return { result: 'ignore' };
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { result: 'ignore' };
  }
  if (!answer || typeof answer !== 'object') return { result: 'ignore' };
  if (answer.result === 'deny') return { result: 'deny', reasonCode: NOT_AUTHORIZED };
  if (answer.result !== 'allow') return { result: 'ignore' };
  const expireAt = typeof answer.expire_at === 'number' ? answer.expire_at * 1000 : undefined;
  const attrs = answer.client_attrs && typeof answer.client_attrs === 'object' ? (answer.client_attrs as Record<string, unknown>) : undefined;
  let acl;
  try {
    acl = answer.acl === undefined ? undefined : { ...parseAclRules(answer.acl, false), expireAt };
  } catch {
    // emqx_authn_http: a bad rule in the list fails the client (bad_acl_rule → bad_username_or_password);
    // an acl that is not a list crashes the authenticator, which the chain counts as nomatch (ignore)
    return Array.isArray(answer.acl) ? { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD } : { result: 'ignore' };
  }
  return {
    result: 'allow',
    isSuperuser: truthy(answer.is_superuser),
    ...(attrs ? { clientAttrs: Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, String(v)])) } : {}),
    ...(acl ? { acl } : {}),
    ...(expireAt ? { expireAt } : {}),
  };
}
