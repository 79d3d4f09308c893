// What the operator reads when S3 refuses or fails, as EMQX 5.8's emqx_bridge_s3_connector maps it: the service's
// error is "S3 error: <Code> <Message>" and fails the message, unless it is a 5xx (retried); a network failure is
// retried (the message stays in the buffer).
import type { SendOutcome } from '../../resource/types';
import { awsReason, isAwsRecoverable } from '../aws/aws';

interface S3Error {
  name?: string;
  message?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
}

export function s3Reason(err: unknown): string {
  const e = (err ?? {}) as S3Error;
  if (e.$metadata?.httpStatusCode && e.name && e.name !== 'Error') {
    const message = e.message && e.message !== 'UnknownError' && e.message !== e.name ? ` ${e.message}` : '';
    return `S3 error: ${e.name}${message}`;
  }
  return awsReason(err);
}

export function s3Outcome(err: unknown): SendOutcome {
  const reason = s3Reason(err);
  return isAwsRecoverable(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}
