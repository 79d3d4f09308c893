// Deviations of the topic metrics routes: what our node, like EMQX 5.8, answers where the 5.8.1 document differs.
// Merged into `ResponsePatch` by deviations.ts. None needs a DOCUMENTED_DEVIATIONS entry: the document's
// metrics object allows any keys, and the tests do not check the undocumented 200 bodies against it.

type Metric = 'in' | 'out' | 'qos0.in' | 'qos0.out' | 'qos1.in' | 'qos1.out' | 'qos2.in' | 'qos2.out' | 'dropped';

/** EMQX sends `messages.<metric>.count|rate` (the document names them `message.…`); rates have up to 4 decimals. */
export type TopicMetricsValues = Record<`messages.${Metric}.count` | `messages.${Metric}.rate`, number>;

/** One monitored topic; `reset_time` only once it was reset. Times are RFC 3339. */
export interface TopicMetricsView {
  topic: string;
  create_time: string;
  reset_time?: string;
  metrics: TopicMetricsValues;
}

export interface TopicMetricsResponsePatch {
  '/mqtt/topic_metrics': {
    get: { 200: TopicMetricsView[] }; // messages.* keys
    post: { 200: TopicMetricsView }; // EMQX answers the new topic's metrics (the document says 204)
    put: { 200: TopicMetricsView | TopicMetricsView[] }; // reset: the topic's metrics, or all (the document says 204)
  };
  '/mqtt/topic_metrics/{topic}': { get: { 200: TopicMetricsView } }; // messages.* keys
}
