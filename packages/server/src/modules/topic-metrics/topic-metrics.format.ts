// Topic metrics as the API shows them: `messages.<metric>.count` and `.rate` (4 decimals), RFC 3339 times.
import type { ReplyOf } from '@mqdeck/api';
import { rfc3339 } from '../../shared/time';
import type { TopicEntry } from './topic-metrics.service';

type TopicMetricsView = ReplyOf<'/mqtt/topic_metrics/{topic}', 'get', 200>;

export function toView(e: TopicEntry): TopicMetricsView {
  // indexes follow TOPIC_METRICS
  const c = (i: number) => e.counts[i];
  const r = (i: number) => Math.round(e.rates[i] * 10_000) / 10_000;
  return {
    topic: e.topic,
    create_time: rfc3339(e.createdAt, 's'),
    ...(e.resetAt !== undefined ? { reset_time: rfc3339(e.resetAt, 's') } : {}),
    metrics: {
      'messages.in.count': c(0),
      'messages.in.rate': r(0),
      'messages.out.count': c(1),
      'messages.out.rate': r(1),
      'messages.qos0.in.count': c(2),
      'messages.qos0.in.rate': r(2),
      'messages.qos0.out.count': c(3),
      'messages.qos0.out.rate': r(3),
      'messages.qos1.in.count': c(4),
      'messages.qos1.in.rate': r(4),
      'messages.qos1.out.count': c(5),
      'messages.qos1.out.rate': r(5),
      'messages.qos2.in.count': c(6),
      'messages.qos2.in.rate': r(6),
      'messages.qos2.out.count': c(7),
      'messages.qos2.out.rate': r(7),
      'messages.dropped.count': c(8),
      'messages.dropped.rate': r(8),
    },
  };
}
