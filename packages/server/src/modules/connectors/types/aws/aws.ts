// What the AWS-based types (dynamo, kinesis, s3) share: the endpoint and credential fields EMQX 5.8 names them
// (`url`/`endpoint`, `region`, `aws_access_key_id`, `aws_secret_access_key`), the SDK's HTTP/1 handler (kinesalite and
// s3rver speak HTTP/1 only; the default handler would also do) with bounded timeouts, and the operator's words for
// what an AWS call failed with — plus whether the layer retries it (the service or the network, not the request).
import { ApiError } from '../../../../errors';
import { smithyHttp } from '../../../../shared/drivers';
import type { SendOutcome } from '../../resource/types';

export const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export interface AwsSettings {
  /** `http(s)://host:port` the SDK sends to */
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

const text = (v: unknown, field: string, required: boolean): string | undefined => {
  if (v === undefined || v === null || v === '') {
    if (required) throw bad(`${field}: required field missing`);
    return undefined;
  }
  if (typeof v !== 'string') throw bad(`${field}: expected text`);
  return v;
};

/** an endpoint as EMQX reads it: `http://` or `https://` + host[:port], or host[:port] meaning http */
export function readEndpoint(v: unknown, field: string): string {
  const raw = text(v, field, true)!.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw bad(`${field}: "${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`${field}: only http:// and https:// are supported`);
  if (!url.hostname) throw bad(`${field}: "${raw}" has no host`);
  return `${url.protocol}//${url.host}`;
}

export function readAws(config: Record<string, unknown>, endpointField: string, defaultRegion: string): AwsSettings {
  return {
    endpoint: readEndpoint(config[endpointField], endpointField),
    region: text(config.region, 'region', false) ?? defaultRegion,
    credentials: {
      accessKeyId: text(config.aws_access_key_id, 'aws_access_key_id', true)!,
      secretAccessKey: text(config.aws_secret_access_key, 'aws_secret_access_key', true)!,
    },
  };
}

export function readText(v: unknown, field: string, required: true): string;
export function readText(v: unknown, field: string, required: false): string | undefined;
export function readText(v: unknown, field: string, required: boolean): string | undefined {
  return text(v, field, required);
}

/** the SDK's node HTTP/1 handler with timeouts, so a server that does not answer fails the call instead of hanging */
export const httpHandler = (maxSockets = 8) =>
  new (smithyHttp().NodeHttpHandler)({ connectionTimeout: 5000, requestTimeout: 15_000, httpAgent: { keepAlive: true, maxSockets }, httpsAgent: { keepAlive: true, maxSockets } });

interface AwsError {
  name?: string;
  code?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
  errors?: AwsError[];
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the server',
  EPIPE: 'Connection closed by the server',
  ETIMEDOUT: 'Connection timed out',
  ENOTFOUND: 'Could not resolve host',
  EAI_AGAIN: 'Could not resolve host',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
  TimeoutError: 'The server did not answer in time',
  RequestTimeout: 'The server did not answer in time',
};

/** the network error inside an SDK error (an AggregateError holds one per address tried) */
function networkCode(e: AwsError): string | undefined {
  if (e.code && NETWORK[e.code]) return e.code;
  if (e.name && NETWORK[e.name]) return e.name;
  for (const inner of e.errors ?? []) {
    const c = networkCode(inner);
    if (c) return c;
  }
  return undefined;
}

/** the operator's sentence for a failed AWS call: the network's words, else the service's error name and message */
export function awsReason(err: unknown): string {
  const e = (err ?? {}) as AwsError;
  const net = networkCode(e);
  if (net) return NETWORK[net];
  const name = e.name && e.name !== 'Error' ? e.name : undefined;
  const msg = e.message && e.message !== 'UnknownError' ? e.message : undefined;
  if (name && msg && !msg.includes(name)) return `${name}: ${msg}`;
  return msg ?? name ?? (e.$metadata?.httpStatusCode ? `HTTP status ${e.$metadata.httpStatusCode}` : String(err));
}

/** whether a later try may succeed: the network failed, or the service is overloaded or failing (5xx, throttling) */
export function isAwsRecoverable(err: unknown): boolean {
  const e = (err ?? {}) as AwsError;
  if (networkCode(e)) return true;
  if (/Throttl|ProvisionedThroughputExceeded|LimitExceeded|ServiceUnavailable|InternalServerError|InternalFailure|SlowDown/.test(e.name ?? '')) return true;
  return e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

export function awsOutcome(err: unknown): SendOutcome {
  const reason = awsReason(err);
  return isAwsRecoverable(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}
