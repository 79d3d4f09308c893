// Topic matching for the message list. Which topics are valid is the console's one rule, shared/topic.
import { hasWildcard, topicProblem } from '../../../shared/topic';

/** Strips `$share/<group>/` and `$queue/` so a shared subscription still filters the message list by its topic part. */
export function stripSharePrefix(filter: string): string {
  if (filter.startsWith('$queue/')) return filter.slice('$queue/'.length);
  if (filter.startsWith('$share/')) {
    const rest = filter.slice('$share/'.length);
    const slash = rest.indexOf('/');
    return slash >= 0 ? rest.slice(slash + 1) : rest;
  }
  return filter;
}

/** Topic-filter matching (MQTT §4.7); topics starting with '$' do not match a leading wildcard (§4.7.2). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = stripSharePrefix(filter).split('/');
  const t = topic.split('/');
  if (topic.startsWith('$') && (f[0] === '#' || f[0] === '+')) return false;
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** The message list filter: an MQTT filter when it has wildcards, otherwise a case-insensitive substring. */
export function messageTopicFilter(query: string): (topic: string) => boolean {
  const q = query.trim();
  if (!q) return () => true;
  if (hasWildcard(q) && !topicProblem(q, 'filter')) return (topic) => topicMatches(q, topic);
  const lower = q.toLowerCase();
  return (topic) => topic.toLowerCase().includes(lower);
}
