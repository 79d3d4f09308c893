// Deviations of /prometheus (EMQX EE emqx_prometheus_api): push_gateway.headers is a map of header texts
// (the document types it as an empty object) and push_gateway.method (put | post, EMQX 5.8.2+) is sent.
import type { components } from '../schema.gen';

type Schemas = components['schemas'];
type PushGateway = NonNullable<Schemas['prometheus.recommend_setting']['push_gateway']>;

export type PrometheusSettings = Omit<Schemas['prometheus.recommend_setting'], 'push_gateway' | 'collectors'> & {
  push_gateway: Omit<PushGateway, 'headers'> & { headers: Record<string, string>; method: 'put' | 'post' };
  collectors: NonNullable<Schemas['prometheus.recommend_setting']['collectors']>;
};

export interface PrometheusResponsePatch {
  '/prometheus': {
    get: { 200: PrometheusSettings }; // headers map, method
    put: { 200: PrometheusSettings };
  };
}
