// A running authorization source: answers allow/deny with the deciding rule, or nomatch.
import type { BackendStatus } from '../../authentication/authenticator';
import type { RequestView } from '../rule';

export type SourceAnswer = { result: 'allow' | 'deny'; rule: string } | { result: 'nomatch' };

export interface AuthzSource {
  check(r: RequestView): Promise<SourceAnswer> | SourceAnswer;
  status(): Promise<BackendStatus> | BackendStatus;
  close(): Promise<void> | void;
}
