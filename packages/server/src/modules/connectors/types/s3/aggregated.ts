// An aggregated S3 upload (EMQX 5.8 emqx_connector_aggregator + emqx_bridge_s3 delivery): rule outputs are gathered
// into a buffer that covers one `time_interval` (aligned as EMQX's compute_since) and holds at most `max_records`;
// a full buffer is closed at once and the next one of the same interval gets the next `sequence`; a buffer whose
// interval has passed is closed at the next record or tick. A closed buffer becomes one CSV object, uploaded as a
// multipart upload (parts of `min_part_size`, the last smaller) under the rendered `key` with `text/csv` (plus
// `headers`) and `acl`. Sending a batch succeeds once its records are in the buffer (as EMQX's push_records); a
// failed upload is reported by the action's next health check, once, as EMQX's check_aggreg_upload_errors.
// Deviation: the buffer is kept in memory, not in files under the data dir, so a node restart loses an open buffer.
import type { ObjectCannedACL } from '@aws-sdk/client-s3';
import { s3Sdk } from '../../../../shared/drivers';
import { renderTemplate } from '../../../../shared/template';
import type { ActionInstance, Health, SendOutcome, TypeContext } from '../../resource/types';
import type { AggregatedSettings } from './config';
import { CsvContainer } from './csv';
import { s3Reason } from './errors';
import type { S3Connector } from '.';

interface Buffer_ {
  since: number;
  until: number;
  seq: number;
  records: Record<string, unknown>[];
}

const rfc3339 = (sec: number, utc: boolean): string => {
  const d = new Date(sec * 1000);
  if (utc) return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const off = -d.getTimezoneOffset();
  const local = new Date(d.getTime() + off * 60_000).toISOString().replace(/\.\d{3}Z$/, '');
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

function timestamp(sec: number, format: string): string | number | undefined {
  if (format === 'rfc3339utc') return rfc3339(sec, true);
  if (format === 'rfc3339') return rfc3339(sec, false);
  if (format === 'unix') return sec;
  return undefined;
}

/** the bindings of an object key: ${action}, ${node}, ${sequence}, ${datetime.<fmt>}, ${datetime_until.<fmt>} */
export function keyBindings(action: string, node: string, b: { since: number; until: number; seq: number }) {
  const formats = ['rfc3339utc', 'rfc3339', 'unix'];
  return {
    action,
    node,
    sequence: b.seq,
    datetime: Object.fromEntries(formats.map((f) => [f, timestamp(b.since, f)])),
    datetime_until: Object.fromEntries(formats.map((f) => [f, timestamp(b.until, f)])),
  };
}

export class AggregatedUpload implements ActionInstance {
  private buffer: Buffer_ | undefined;
  private readonly intervalSec: number;
  private readonly uploads = new Set<Promise<void>>();
  private errors: string[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly action: string;

  constructor(
    private readonly connector: S3Connector,
    private readonly s: AggregatedSettings,
    private readonly ctx: TypeContext,
  ) {
    this.intervalSec = Math.max(1, Math.round(s.timeInterval / 1000));
    // the layer does not tell a type its action's id (yet): the action name is read from it when it does
    const id = (ctx as TypeContext & { actionId?: string }).actionId ?? ctx.connectorId; // `${action}`: the action's own id (a probe has none)
    this.action = id.slice(id.indexOf(':') + 1);
    // closes a buffer whose interval has passed even when no record comes (EMQX ticks at its health checks)
    this.timer = setInterval(() => this.tick(Math.floor(Date.now() / 1000)), Math.min(1000, s.timeInterval));
    this.timer.unref();
  }

  render(selected: Record<string, unknown>): Record<string, unknown> {
    return selected;
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const now = Math.floor(Date.now() / 1000);
    this.tick(now);
    for (const r of requests as Record<string, unknown>[]) {
      const b = this.current(now);
      b.records.push(r);
      if (b.records.length >= this.s.maxRecords) this.close(b, b.seq + 1);
    }
    return { ok: true };
  }

  async health(): Promise<Health> {
    this.tick(Math.floor(Date.now() / 1000));
    const bucket = await this.connector.bucketHealth(this.s.bucket);
    if (bucket.status !== 'connected') return bucket;
    const error = this.errors.shift();
    return error ? { status: 'disconnected', reason: error } : { status: 'connected' };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    // EMQX delivers what was buffered when the action stops
    if (this.buffer && this.buffer.records.length > 0) this.close(this.buffer, 0);
    await Promise.allSettled([...this.uploads]);
  }

  private current(now: number): Buffer_ {
    if (!this.buffer) {
      // EMQX compute_since: intervals aligned on multiples of the interval
      const since = now - (now % this.intervalSec);
      this.buffer = { since, until: since + this.intervalSec, seq: 0, records: [] };
    }
    return this.buffer;
  }

  private tick(now: number): void {
    const b = this.buffer;
    if (b && now >= b.until) {
      this.buffer = undefined;
      if (b.records.length > 0) this.deliver(b);
    }
  }

  /** closes a full buffer; the next one covers the same interval with the next sequence number */
  private close(b: Buffer_, nextSeq: number): void {
    this.buffer = nextSeq > 0 ? { since: b.since, until: b.until, seq: nextSeq, records: [] } : undefined;
    this.deliver(b);
  }

  private deliver(b: Buffer_): void {
    const p = this.upload(b).catch((err: unknown) => {
      const reason = s3Reason(err);
      this.errors = [reason];
      this.ctx.log.warn('s3 aggregated upload failed', { connector: this.ctx.connectorId, reason });
    });
    this.uploads.add(p);
    void p.finally(() => this.uploads.delete(p));
  }

  private async upload(b: Buffer_): Promise<void> {
    const body = Buffer.from(new CsvContainer(this.s.columnOrder).fill(b.records), 'utf8');
    const key = renderTemplate(this.s.key, keyBindings(this.action, this.ctx.nodeName, b));
    const client = this.connector.client;
    const headers: Record<string, string> = { 'content-type': 'text/csv', ...this.s.headers };
    const created = await client.send(
      new (s3Sdk().CreateMultipartUploadCommand)({
        Bucket: this.s.bucket,
        Key: key,
        ContentType: headers['content-type'],
        ...(this.s.acl ? { ACL: this.s.acl as ObjectCannedACL } : {}),
        ...(headers['content-encoding'] ? { ContentEncoding: headers['content-encoding'] } : {}),
        ...(headers['cache-control'] ? { CacheControl: headers['cache-control'] } : {}),
        Metadata: Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (k.startsWith('x-amz-meta-') ? [[k.slice(11), v]] : []))),
      }),
    );
    const uploadId = created.UploadId!;
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let off = 0, n = 1; off < body.length || n === 1; off += this.s.minPartSize, n++) {
        const part = await client.send(
          new (s3Sdk().UploadPartCommand)({ Bucket: this.s.bucket, Key: key, UploadId: uploadId, PartNumber: n, Body: body.subarray(off, off + this.s.minPartSize) }),
        );
        parts.push({ ETag: part.ETag!, PartNumber: n });
      }
      await client.send(new (s3Sdk().CompleteMultipartUploadCommand)({ Bucket: this.s.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    } catch (err) {
      await client.send(new (s3Sdk().AbortMultipartUploadCommand)({ Bucket: this.s.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw err;
    }
  }
}
