// /trace… (API.md §3.12): list, create, stop, delete, clear, the file's details, reading it by position and
// bytes, and downloading it zipped as <name>.zip. Also runs the tracer (log-trace.service) for this node.
import { openSync, readSync, closeSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { rfc3339 } from '../../shared/time';
import { LogTraceService, statusOf } from './log-trace.service';
import type { Trace } from './log-trace.store';
import { zip } from './zip';

/** a chunk this large is refused as EMQX refuses one it cannot allocate */
const MAX_CHUNK = 64 * 1024 * 1024;

/** the length of `buf[0..n)` without a UTF-8 sequence cut at its end (all of it when that would leave nothing) */
export function utf8Boundary(buf: Buffer, n: number): number {
  let lead = n - 1;
  while (lead > 0 && n - lead < 4 && (buf[lead] & 0xc0) === 0x80) lead--;
  const b = buf[lead];
  const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  const cut = n - lead < len;
  return cut && lead > 0 ? lead : n;
}

const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} NOT FOUND`);

export default async function logTraceRoutes(app: FastifyInstance): Promise<void> {
  const traces = new LogTraceService(app);
  app.addHook('onClose', async () => traces.close());

  const view = (t: Trace, createReply = false): ReplyOf<'/trace', 'post', 200> => {
    const size = createReply ? 0 : (traces.fileInfo(t)?.size ?? 0);
    return {
      name: t.name,
      type: t.type,
      [t.type]: t.filter,
      payload_encode: t.payloadEncode,
      formatter: t.formatter,
      start_at: rfc3339(t.startAt * 1000, 's'),
      // EMQX 5.8's create answer repeats start_at as end_at (API.md §3.12); the list shows the real end
      end_at: rfc3339((createReply ? t.startAt : t.endAt) * 1000, 's'),
      status: statusOf(t, Math.floor(Date.now() / 1000)),
      log_size: { [app.nodeName]: size },
    };
  };

  const find = (name: string): Trace => {
    const t = traces.get(name);
    if (!t) throw notFound(name);
    return t;
  };
  const checkNode = (node: string | undefined) => {
    if (node !== undefined && node !== app.nodeName) throw notFound('Node');
  };

  route(app, 'get', '/trace', {
    handler: async () => {
      await traces.flush();
      return traces.list().map((t) => view(t));
    },
  });

  route(app, 'post', '/trace', {
    // the name, type and time checks answer EMQX's texts (log-trace.service parseTrace)
    schema: {},
    handler: async (req) => {
      const body: unknown = req.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'BAD_REQUEST', 'The body must be a JSON object');
      return view(traces.create(body as Record<string, unknown>), true);
    },
  });

  route(app, 'delete', '/trace', {
    handler: async (_req, reply) => {
      traces.clear();
      return reply.code(204).send();
    },
  });

  route(app, 'delete', '/trace/{name}', {
    handler: async (req, reply) => {
      if (!traces.delete(req.params.name)) throw notFound(req.params.name);
      return reply.code(204).send();
    },
  });

  route(app, 'put', '/trace/{name}/stop', {
    handler: async (req) => {
      if (!traces.stop(req.params.name)) throw notFound(req.params.name);
      return { enable: false as const, name: req.params.name };
    },
  });

  route(app, 'get', '/trace/{name}/log_detail', {
    handler: async (req) => {
      const t = find(req.params.name);
      await traces.flush();
      const info = traces.fileInfo(t);
      return info ? [{ node: app.nodeName, size: info.size, mtime: info.mtime }] : [];
    },
  });

  route(app, 'get', '/trace/{name}/log', {
    handler: async (req, reply) => {
      const t = find(req.params.name);
      checkNode(req.query.node);
      const position = req.query.position ?? 0;
      const bytes = req.query.bytes ?? 1000;
      await traces.flush();
      const info = traces.fileInfo(t);
      if (!info) return { items: '', meta: { position, bytes } };
      if (position >= info.size) return { items: '', meta: { position: info.size, bytes } };
      const want = Math.min(bytes, info.size - Math.max(position, 0));
      if (want > MAX_CHUNK) return reply.code(503).send({ code: 'SERVICE_UNAVAILABLE', message: 'Requested chunk size too big' });
      const buf = Buffer.alloc(want);
      const fd = openSync(traces.path(t), 'r');
      let n: number;
      try {
        n = readSync(fd, buf, 0, want, Math.max(position, 0));
      } finally {
        closeSync(fd);
      }
      // a page ends on a whole UTF-8 character (the next page starts where this one stopped)
      const end = position + n < info.size ? utf8Boundary(buf, n) : n;
      return { items: buf.subarray(0, end).toString('utf8'), meta: { position: position + end, bytes } };
    },
  });

  route(app, 'get', '/trace/{name}/download', {
    handler: async (req, reply) => {
      const t = find(req.params.name);
      checkNode(req.query.node);
      await traces.flush();
      const info = traces.fileInfo(t);
      if (!info || info.size === 0) throw new ApiError(404, 'NOT_FOUND', 'Trace is empty');
      const data = readFileSync(traces.path(t));
      const file = `${app.nodeName}-${traces.fileName(t)}`;
      const body = zip([{ name: file, data, mtime: new Date(info.mtime * 1000) }]);
      reply.header('content-type', 'application/x-zip').header('content-disposition', `attachment; filename=${t.name}.zip`);
      return body;
    },
  });
}
