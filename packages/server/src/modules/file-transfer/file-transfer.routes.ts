// /configs/file_transfer, /file_transfer and /file_transfer/files* (EMQX EE emqx_ft_api, emqx_ft_storage_exporter_fs_api).
// MQTT file transfer is an EMQX Enterprise feature this node does not run: its config reads as EMQX's defaults with
// enable false, a PUT that keeps it so answers it unchanged, any other PUT is refused with a sentence that says why
// (nothing is stored), and the file routes answer what EMQX answers while file transfer is disabled (503).
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { deepMerge, isObject } from '../../config/tree';
import { ApiError } from '../../errors';
import { FILE_TRANSFER_DEFAULTS } from './file-transfer.config';

export const FT_REFUSED =
  'This node does not run file transfer: MQTT file uploads are not received here, so file_transfer stays disabled with its default settings. For file transfer, run EMQX 5.8 Enterprise.';

type FileTransferConfig = ReplyOf<'/configs/file_transfer', 'get', 200>;
const config = (): FileTransferConfig => structuredClone(FILE_TRANSFER_DEFAULTS);

/** EMQX replaces the root with the body and fills in the defaults; here only a result equal to the defaults is accepted. */
function put(body: unknown): FileTransferConfig {
  if (!isObject(body)) throw new ApiError(400, 'UPDATE_FAILED', `file_transfer: expected an object, got ${JSON.stringify(body)}`);
  if (!isDeepStrictEqual(deepMerge(FILE_TRANSFER_DEFAULTS, body), FILE_TRANSFER_DEFAULTS)) throw new ApiError(400, 'UPDATE_FAILED', FT_REFUSED);
  return config();
}

const unavailable = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable');

export default async function fileTransferRoutes(app: FastifyInstance): Promise<void> {
  const anyBody = { body: {} };
  route(app, 'get', '/configs/file_transfer', { handler: async () => config() });
  route(app, 'put', '/configs/file_transfer', { schema: anyBody, handler: async (req) => put(req.body) });
  // EMQX forwards /file_transfer to /configs/file_transfer
  route(app, 'get', '/file_transfer', { handler: async () => config() });
  route(app, 'put', '/file_transfer', { schema: anyBody, handler: async (req) => put(req.body) });

  // EMQX checks that file transfer is enabled before these three (emqx_ft_api:check_ft_enabled/2)
  route(app, 'get', '/file_transfer/files', {
    schema: {},
    handler: async () => {
      throw unavailable();
    },
  });
  route(app, 'get', '/file_transfer/files/{clientid}/{fileid}', {
    handler: async () => {
      throw unavailable();
    },
  });
  route(app, 'get', '/file_transfer/file', {
    handler: async () => {
      throw unavailable();
    },
  });
}
