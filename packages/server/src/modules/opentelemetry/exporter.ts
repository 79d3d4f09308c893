// The OTLP metric exporter of the official OpenTelemetry JS SDK for the configured protocol: gRPC (EMQX's only
// protocol), OTLP/HTTP protobuf or OTLP/HTTP JSON. The endpoint is used as EMQX uses it: for gRPC host and port
// (the service path is the protocol's own); for HTTP a bare origin gets the signal path /v1/metrics, any other
// path is kept as given. As EMQX, TLS applies when the endpoint is https, with ssl_options' CA, client
// certificate and key (PEM files) and `verify`. `headers` go with every export (gRPC metadata or HTTP headers).
import { readFileSync } from 'node:fs';
import type { ChannelCredentials } from '@grpc/grpc-js';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { grpc, otlpGrpcExporter, otlpHttpExporter, otlpProtoExporter } from '../../shared/drivers'; // only the configured protocol's exporter loads
import type { OtelSettings, OtelSslOptions } from './opentelemetry.config';

const file = (path: string) => (path ? readFileSync(path) : undefined);

interface Tls {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  passphrase?: string;
  rejectUnauthorized: boolean;
  servername?: string;
}

function tlsOf(ssl: OtelSslOptions): Tls {
  const sni = ssl.server_name_indication;
  return {
    ca: file(ssl.cacertfile),
    cert: file(ssl.certfile),
    key: file(ssl.keyfile),
    passphrase: ssl.password || undefined,
    rejectUnauthorized: ssl.verify === 'verify_peer',
    servername: sni && sni !== 'disable' ? sni : undefined,
  };
}

/** the URL the HTTP exporters post to */
export function httpUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/metrics';
  return url.toString();
}

function grpcCredentials(tls: Tls): ChannelCredentials {
  return grpc().credentials.createSsl(tls.ca ?? null, tls.key ?? null, tls.cert ?? null, {
    rejectUnauthorized: tls.rejectUnauthorized,
    ...(tls.rejectUnauthorized ? {} : { checkServerIdentity: () => undefined }),
  });
}

export function createExporter(s: OtelSettings, timeoutMillis: number): PushMetricExporter {
  const { endpoint, headers, protocol, ssl_options } = s.exporter;
  const secure = new URL(endpoint).protocol === 'https:';
  const tls = secure ? tlsOf(ssl_options) : undefined;
  if (protocol === 'grpc') {
    const { Metadata, credentials } = grpc();
    const metadata = new Metadata();
    for (const [k, v] of Object.entries(headers)) metadata.set(k.toLowerCase(), v);
    const { host } = new URL(endpoint);
    return new (otlpGrpcExporter().OTLPMetricExporter)({
      url: `${secure ? 'https' : 'http'}://${host}`,
      metadata,
      timeoutMillis,
      credentials: tls ? grpcCredentials(tls) : credentials.createInsecure(),
    });
  }
  const options = {
    url: httpUrl(endpoint),
    headers,
    timeoutMillis,
    ...(tls ? { httpAgentOptions: { ...tls, keepAlive: true } } : {}),
  };
  const { OTLPMetricExporter } = protocol === 'http/json' ? otlpHttpExporter() : otlpProtoExporter();
  return new OTLPMetricExporter(options);
}
