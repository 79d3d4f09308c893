// Upstream mode (issue 19): the console in front of a real EMQX 5.8. Every /api/v5 request is passed to the upstream
// as it came (method, path, query, headers, body streamed both ways), so login, tokens, API keys, edition and errors
// are the upstream's own; this process adds only the TLS it needs to reach the upstream (a custom CA, or none) and
// answers in EMQX's `{code, message}` shape when the upstream cannot be reached.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';

export interface Upstream {
  /** the upstream console's base URL, e.g. https://emqx.example:18083 (a path prefix is kept: a proxy may host it under one) */
  url: URL;
  /** PEM of the CA(s) the upstream's certificate is checked against, instead of the system's */
  ca?: string | Buffer;
  /** skip the certificate check (a self-signed upstream on a trusted network); said loudly at start */
  insecure?: boolean;
  /** how long an answer may take; the API's slowest calls (a backup export) stay well below it */
  timeoutMs?: number;
}

export interface ProxiedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Readable | string;
}

// RFC 9110 §7.6.1 hop-by-hop fields, and `host`, which names this process, not the upstream
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

function passOn(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase()),
  );
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k) && !named.has(k)) out[k] = v;
  return out;
}

/** the target of `pathAndQuery` (`/api/v5/nodes?x=1`) under the upstream's base URL */
export function targetUrl(upstream: URL, pathAndQuery: string): URL {
  const base = upstream.pathname.replace(/\/+$/, '');
  return new URL(`${upstream.protocol}//${upstream.host}${base}${pathAndQuery}`);
}

/** what the operator reads when the upstream does not answer: where, and why in plain words */
export function unreachable(upstream: URL, err: NodeJS.ErrnoException): string {
  const where = `${upstream.protocol}//${upstream.host}`;
  const why: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused (is EMQX running and its dashboard listener on that port?)',
    ENOTFOUND: 'the host name is not known',
    EAI_AGAIN: 'the host name could not be resolved',
    ETIMEDOUT: 'it did not answer in time',
    ECONNRESET: 'the connection was closed before the answer',
    EHOSTUNREACH: 'the host cannot be reached',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed: give its CA with --upstream-ca',
    SELF_SIGNED_CERT_IN_CHAIN: 'its certificate is signed by an unknown CA: give that CA with --upstream-ca',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate cannot be verified: give its CA with --upstream-ca',
    ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
    CERT_HAS_EXPIRED: 'its certificate has expired',
    EPROTO: 'the TLS handshake failed (is it HTTPS?)',
  };
  return `The broker at ${where} could not be reached: ${why[err.code ?? ''] ?? err.message}.`;
}

/** Sends one request on to the upstream; resolves with its answer (streamed), or with a 502/504 `{code, message}`. */
export function forward(
  upstream: Upstream,
  req: { method: string; url: string; headers: IncomingHttpHeaders; body?: Readable | Buffer; clientIp: string; proto: string },
): Promise<ProxiedAnswer> {
  const target = targetUrl(upstream.url, req.url);
  const headers = passOn(req.headers);
  headers.host = target.host;
  // the upstream's audit log records where a change came from (x-forwarded-for, as EMQX reads it)
  const forwarded = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${req.clientIp}` : req.clientIp;
  headers['x-forwarded-proto'] = req.proto;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = upstream.timeoutMs ?? 60_000;
  return new Promise((resolve) => {
    const fail = (status: number, code: string, message: string) =>
      resolve({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ code, message }) });
    const out = send(
      target,
      {
        method: req.method,
        headers,
        ...(target.protocol === 'https:' ? { ca: upstream.ca, rejectUnauthorized: !upstream.insecure } : {}),
      },
      (res: IncomingMessage) => resolve({ status: res.statusCode ?? 502, headers: passOn(res.headers), body: res }),
    );
    out.setTimeout(timeoutMs, () => {
      out.destroy();
      fail(504, 'UPSTREAM_TIMEOUT', `The broker at ${upstream.url.protocol}//${upstream.url.host} did not answer within ${timeoutMs / 1000} s.`);
    });
    out.on('error', (err: NodeJS.ErrnoException) => fail(502, 'UPSTREAM_UNREACHABLE', unreachable(upstream.url, err)));
    if (Buffer.isBuffer(req.body)) out.end(req.body);
    else if (req.body) req.body.pipe(out);
    else out.end();
  });
}
