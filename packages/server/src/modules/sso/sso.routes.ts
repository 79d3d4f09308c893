// /sso and /sso/{backend} (EMQX EE emqx_dashboard_sso_api). Single sign-on lets the console's users
// log in through LDAP, SAML or OIDC; this node runs none of them, so no backend is configured (the list is empty, as on
// a fresh EMQX), each backend answers EMQX's own 404, and configuring one is refused with a sentence that says why.
// GET /sso/running (the login screen's question) is answered by the license module. POST /sso/login/{backend} is
// public (no token, as EMQX's `security => []`) and answers what EMQX 5.8 answers with no backend configured: its
// schema check first (emqx_dashboard_swagger, hocon's own error text), then 404 BACKEND_NOT_FOUND: nobody is logged in.
import type { FastifyInstance } from 'fastify';
import { enumRefusal, fieldNames, hoconMessage, type HoconCheckError } from '../../contract/hocon-error';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';

/** The backends EMQX 5.8 knows (emqx_dashboard_sso:types/0); any other name is a 400 of the path check. */
export const SSO_BACKENDS = ['ldap', 'saml', 'oidc'] as const;

const backendNotFound = () => new ApiError(404, 'BACKEND_NOT_FOUND', 'Backend not found');

export const SSO_REFUSED =
  'This node does not run SSO backends: console users log in with their MQDeck username and password. For LDAP, SAML or OIDC login, run EMQX 5.8 Enterprise.';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * hocon's enum check of a JSON value (hocon_schema_builtin:convert, then check_enum_symbol): digits become an integer,
 * other text an existing atom or stays text. Which names are atoms of the EMQX VM cannot be known from outside, so any
 * other text is the `unable_to_convert_to_enum_symbol` of a name that is not one.
 */
function enumError(path: string, value: unknown, symbols: readonly string[]): HoconCheckError | undefined {
  return typeof value === 'string' && symbols.includes(value) ? undefined : enumRefusal(path, value);
}

/** hocon's binary() check: text, or a number it turns into text; anything else is refused */
const binaryError = (path: string, value: unknown): HoconCheckError | undefined =>
  typeof value === 'string' || typeof value === 'number' ? undefined : { path, reason: { expected: 'binary()' }, value };

/** the members of the login body's union (emqx_dashboard_sso:login_ref/1 of ldap, oidc, saml), as hocon names them */
const LOGIN_MEMBERS = [
  { type: 'sso:login', backend: 'ldap', credentials: true },
  { type: 'sso:login', backend: 'oidc', credentials: false },
  { type: 'dashboard:login', backend: 'saml', credentials: false },
] as const;

/** the errors of one union member for the body (root path `root`), as hocon_tconf's do_map lists them */
function memberErrors(body: unknown, member: (typeof LOGIN_MEMBERS)[number]): HoconCheckError[] {
  if (!isObj(body)) return [{ path: 'root', reason: 'bad_value_for_struct', value: body }];
  const fields = member.credentials ? ['backend', 'username', 'password'] : ['backend'];
  const given = Object.keys(body).filter((k) => body[k] !== null); // hocon drops nulls
  const unknown = given.filter((k) => !fields.includes(k));
  if (unknown.length) {
    return [{ path: 'root', reason: 'unknown_fields', unknown: fieldNames(unknown), unmatched: fieldNames(fields.filter((f) => !given.includes(f))) }];
  }
  const errors: HoconCheckError[] = [];
  const backend = body.backend ?? undefined;
  const e = backend === undefined || backend === null ? { path: 'root.backend', reason: 'required_field' } : enumError('root.backend', backend, [member.backend]);
  if (e) errors.push(e);
  if (member.credentials) {
    for (const f of ['username', 'password']) {
      const v = body[f];
      const b = v === undefined || v === null ? undefined : binaryError(`root.${f}`, v);
      if (b) errors.push(b);
    }
  }
  return errors;
}

/** emqx_dashboard_swagger's check of POST /sso/login/{backend}: the path's enum, then the body's union */
export function loginRequestError(backend: string, body: unknown): string | undefined {
  const path = enumError('backend', backend, SSO_BACKENDS);
  if (path) return hoconMessage(path);
  const mismatches: Record<string, unknown> = {};
  for (const member of LOGIN_MEMBERS) {
    const errors = memberErrors(body ?? {}, member);
    if (errors.length === 0) return undefined;
    const maps = errors.map((x) => ({ kind: 'validation_error', ...x }));
    mismatches[member.type] = maps.length === 1 ? maps[0] : maps; // a later member of the same name replaces it
  }
  return hoconMessage({ path: 'root', reason: 'matched_no_union_member', mismatches });
}

export default async function ssoRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/sso', { handler: async () => [] });

  // public, as EMQX; no backend is ever configured here, so every request that passes the check is a 404
  route(app, 'post', '/sso/login/{backend}', {
    schema: {},
    handler: async (req) => {
      const refused = loginRequestError(String((req.params as { backend: string }).backend), req.body);
      if (refused !== undefined) throw new ApiError(400, 'BAD_REQUEST', refused);
      throw backendNotFound();
    },
  });

  route(app, 'get', '/sso/{backend}', {
    handler: async () => {
      throw backendNotFound();
    },
  });

  route(app, 'put', '/sso/{backend}', {
    // every configuration is refused the same way, so only the backend name is checked first
    schema: ({ params }) => ({ params }),
    handler: async () => {
      throw new ApiError(400, 'BAD_REQUEST', SSO_REFUSED);
    },
  });

  route(app, 'delete', '/sso/{backend}', {
    handler: async () => {
      throw backendNotFound();
    },
  });
}
