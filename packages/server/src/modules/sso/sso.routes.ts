// /sso and /sso/{backend} (EMQX EE emqx_dashboard_sso_api). Single sign-on lets the console's users
// log in through LDAP, SAML or OIDC; this node runs none of them, so no backend is configured (the list is empty, as on
// a fresh EMQX), each backend answers EMQX's own 404, and configuring one is refused with a sentence that says why.
// GET /sso/running (the login screen's question) is answered by the license module. POST /sso/login/{backend} is not
// served: it is public in EMQX, and the console calls it only for a backend /sso/running lists (never one here).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';

/** The backends EMQX 5.8 knows (emqx_dashboard_sso:types/0); any other name is a 400 of the path check. */
export const SSO_BACKENDS = ['ldap', 'saml', 'oidc'] as const;

const backendNotFound = () => new ApiError(404, 'BACKEND_NOT_FOUND', 'Backend not found');

export const SSO_REFUSED =
  'This node does not run SSO backends: console users log in with their MQDeck username and password. For LDAP, SAML or OIDC login, run EMQX 5.8 Enterprise.';

export default async function ssoRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/sso', { handler: async () => [] });

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
