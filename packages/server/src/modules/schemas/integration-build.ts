// GET /schemas/connectors and /schemas/actions: the documents the official console renders its connector, action and
// source forms from (EMQX emqx_dashboard_schema_api: emqx_connector_api's and emqx_bridge_v2_api's specs). Built once
// from the vendored EE 5.8.1 OpenAPI document, so they describe every type a real EMQX EE 5.8 offers: the paths of
// those APIs and every component they reach (`bridge_http.post_connector`, `bridge_mqtt_publisher.post_source`…),
// turned into EMQX's dashboard flavour where the swagger flavour loses it: `type: enum` + `symbols`, `duration` and
// `byteSize` (recognised by their example or default), the rest as the contract has it.
import { openapi } from '../../contract/openapi';
import { EMQX_VERSION } from '../status/version';

type Json = Record<string, any>;

const DOCS = {
  connectors: { title: 'Connectors Schema', paths: (p: string) => p.startsWith('/connectors') || /^\/nodes\/\{node\}\/connectors\//.test(p) },
  actions: {
    title: 'Actions and Sources Schema',
    paths: (p: string) => /^\/(actions|sources|action_types|source_types)/.test(p) || /^\/nodes\/\{node\}\/(actions|sources)\//.test(p),
  },
};

const DURATION = /^\d+(\.\d+)?(ms|s|m|h|d)$/;
const BYTESIZE = /^\d+(\.\d+)?(B|KB|MB|GB)$/i;

/** one schema node in the dashboard flavour */
export function dashboardNode(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(dashboardNode);
  if (!n || typeof n !== 'object') return n;
  const out: Json = {};
  for (const [k, v] of Object.entries(n as Json)) out[k] = k === 'example' || k === 'default' ? v : dashboardNode(v);
  if (out.type === 'string' && Array.isArray(out.enum)) {
    out.type = 'enum';
    out.symbols = out.enum;
    delete out.enum;
  } else if (out.type === 'string' && out.format === undefined) {
    const sample = [out.example, out.default].find((x) => typeof x === 'string');
    if (typeof sample === 'string' && DURATION.test(sample)) out.type = 'duration';
    else if (typeof sample === 'string' && BYTESIZE.test(sample)) out.type = 'byteSize';
  }
  return out;
}

/** every component name a node refers to, followed transitively */
function closure(start: unknown, components: Json): Set<string> {
  const seen = new Set<string>();
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      for (const [k, v] of Object.entries(n as Json)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
          const name = v.slice('#/components/schemas/'.length);
          if (!seen.has(name) && components[name]) {
            seen.add(name);
            walk(components[name]);
          }
        } else walk(v);
      }
    }
  };
  walk(start);
  return seen;
}

function build(which: keyof typeof DOCS): Json {
  const doc = openapi();
  const components: Json = doc.components.schemas;
  const paths: Json = {};
  for (const [p, item] of Object.entries(doc.paths as Json)) if (DOCS[which].paths(p)) paths[p] = item;
  const schemas: Json = {};
  for (const name of [...closure(paths, components)].sort()) schemas[name] = dashboardNode(components[name]);
  return { openapi: '3.0.0', info: { title: DOCS[which].title, version: EMQX_VERSION }, paths, components: { schemas } };
}

export const buildConnectorsSchema = (): Json => build('connectors');
export const buildActionsSchema = (): Json => build('actions');
