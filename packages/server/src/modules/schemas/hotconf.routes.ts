// GET /schemas/{name} (no auth, as EMQX; the auth plugin lists this route as public). This node serves
// `hotconf` (built once per process and language); the console's `actions` / `connectors` documents belong
// to the integration areas: they add a builder to SCHEMA_DOCUMENTS. Names without one answer 404 plainly.
// Language: EMQX answers in the node's `dashboard.i18n_lang`; MQDeck's `?lang=en|zh` (an API extension) lets
// the console ask in its UI language. Any other `lang` is ignored, as EMQX ignores undeclared query keys.
import type { ReplyOf } from '@mqdeck/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { buildHotconf } from './hotconf-build';
import { isHotconfLang, type HotconfLang } from './hotconf-lang';
import { buildActionsSchema, buildConnectorsSchema } from './integration-build';

type SchemaDocument = ReplyOf<'/schemas/{name}', 'get', 200>;

export const SCHEMA_DOCUMENTS: Record<string, (lang: HotconfLang) => SchemaDocument> = { hotconf: buildHotconf, connectors: buildConnectorsSchema, actions: buildActionsSchema };

export default async function schemasRoutes(app: FastifyInstance): Promise<void> {
  // the document and its JSON text, built once per name and language
  const cache = new Map<string, { doc: SchemaDocument; text: string }>();
  route(app, 'get', '/schemas/{name}', {
    handler: async (req, reply) => {
      const { name } = req.params;
      const build = SCHEMA_DOCUMENTS[name];
      if (!build) throw new ApiError(404, 'NOT_FOUND', `The ${name} schema is not served by this node`);
      const nodeLang = app.config.get('dashboard.i18n_lang');
      const asked = req.query?.lang;
      const lang: HotconfLang = isHotconfLang(asked) ? asked : isHotconfLang(nodeLang) ? nodeLang : 'en';
      const key = `${name}:${lang}`;
      let entry = cache.get(key);
      if (entry === undefined) {
        const doc = build(lang);
        entry = { doc, text: JSON.stringify(doc) };
        cache.set(key, entry);
      }
      // the cached text goes out, so the large document is not serialized again on every request
      const text = entry.text;
      reply.type('application/json; charset=utf-8').serializer(() => text);
      return entry.doc;
    },
  });
}
