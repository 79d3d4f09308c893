// /data/export, /data/import, /data/files, /data/files/{filename} (EMQX emqx_mgmt_api_data_backup): export a
// backup file, list the files with paging, download one (named by content-disposition), upload one (multipart,
// checked before it is kept), delete one, and import one. This node is its own cluster: a `node` other than its
// name is EMQX's "Unknown node".
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { pageArray, parsePaging } from '../../shared/paging';
import { LIMITS } from './archive';
import { BackupService } from './backup.service';
import { checkName } from './backup.store';
import { firstFilePart } from './multipart';

/** multipart headers and boundaries around the file */
const MULTIPART_SLACK = 64 * 1024;

export default async function backupRoutes(app: FastifyInstance): Promise<void> {
  const backups = new BackupService(app);

  const checkNode = (node: unknown) => {
    if (node !== undefined && node !== app.nodeName) throw new ApiError(400, 'BAD_REQUEST', `Unknown node: ${String(node)}`);
  };

  // the upload arrives whole in memory, bounded here so an oversize file is a 400 in words rather than a 413
  app.addContentTypeParser(/^multipart\/form-data/i, (_req, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    payload.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > LIMITS.archiveBytes + MULTIPART_SLACK) {
        refused = true;
        done(new ApiError(400, 'BAD_REQUEST', `The backup file is too large: the limit is ${LIMITS.archiveBytes} bytes`), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!refused) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err: Error) => {
      if (!refused) done(err, undefined);
    });
  });

  route(app, 'post', '/data/export', {
    // table_sets and root_keys are checked by the service with EMQX's texts; no body exports everything
    schema: {},
    handler: async (req) => {
      const body: unknown = req.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'BAD_REQUEST', 'The body must be a JSON object');
      return backups.export(backups.parseExportOptions(body as Record<string, unknown>));
    },
  });

  route(app, 'get', '/data/files', {
    handler: async (req) => pageArray(backups.files.list(), parsePaging(req.query ?? {})),
  });

  route(app, 'post', '/data/files', {
    schema: {},
    handler: async (req, reply) => {
      const body: unknown = req.body;
      if (!Buffer.isBuffer(body)) throw new ApiError(400, 'BAD_REQUEST', 'Missing required parameter: filename');
      const part = firstFilePart(body, req.headers['content-type'] ?? '');
      if (!part) throw new ApiError(400, 'BAD_REQUEST', 'Missing required parameter: filename');
      await backups.upload(checkName(part.filename), part.data);
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/data/files/{filename}', {
    handler: async (req, reply): Promise<FastifyReply> => {
      checkNode(req.query?.node);
      const name = checkName(req.params.filename);
      const data = backups.files.read(name);
      return (reply as unknown as FastifyReply)
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename=${encodeURIComponent(name)}`)
        .send(data);
    },
  });

  route(app, 'delete', '/data/files/{filename}', {
    handler: async (req, reply) => {
      checkNode(req.query?.node);
      backups.files.delete(req.params.filename);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/data/import', {
    handler: async (req, reply) => {
      const body = req.body;
      if (!body || typeof body.filename !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'Missing required parameter: filename');
      checkNode(body.node);
      const result = await backups.import(checkName(body.filename));
      // EMQX answers 204; this node answers 200 with the counts of what it imported (the console shows them),
      // which EMQX's console takes as well (any 2xx is a success there): a documented deviation (deviations.backup.ts)
      return reply.code(200).send(result);
    },
  });
}
