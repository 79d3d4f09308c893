// /plugins (EMQX 5.8 emqx_mgmt_api_plugins): list, describe (with the README), install an uploaded NAME-VSN.tar.gz
// (multipart field `plugin`, refused with 403 until `mqdeck ctl plugins allow NAME-VSN` allowed it), uninstall,
// start/stop, move in the boot order, the config schema (Avro + i18n) and the config. Codes as EMQX's:
// BAD_FORM_DATA, BAD_PLUGIN_INFO, ALREADY_INSTALLED, FORBIDDEN, NOT_FOUND, BAD_POSITION, MOVE_FAILED, BAD_CONFIG.
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { firstFilePart } from '../backup/multipart';
import { LIMITS } from './archive';
import { notFound, type PluginInfo } from './plugins.service';
import { badNameVsn } from './plugins.store';

type Plugin = ReplyOf<'/plugins/{name}', 'get', 200>;

/** multipart headers and boundaries around the file */
const MULTIPART_SLACK = 64 * 1024;
const FORM_HINT = 'form-data should be `plugin=@packagename-vsn.tar.gz;type=application/x-gzip`';

export default async function pluginsRoutes(app: FastifyInstance): Promise<void> {
  const svc = () => app.plugins;

  const view = async (info: PluginInfo, withReadme: boolean): Promise<Plugin> => {
    // asked now, as EMQX's list and describe do (health_check => true); the node waits TIMEOUTS.health at most
    const health = await svc().health(info.nameVsn);
    const running = svc().isRunning(info.nameVsn);
    return {
      ...info.release,
      name: String(info.release.name),
      rel_vsn: String(info.release.rel_vsn),
      description: typeof info.release.description === 'string' ? info.release.description : '',
      rel_apps: Array.isArray(info.release.rel_apps) ? (info.release.rel_apps as string[]) : [],
      running_status: [
        {
          node: app.nodeName,
          status: running ? 'running' : 'stopped',
          // EMQX 6.0's health_status: {status: ok|error, message} for a running plugin; MQDeck also gives it to a
          // plugin that should run and does not (start failed, process died), with the reason
          ...(health ? { health_status: health } : {}),
        },
      ],
      sha256: info.sha256,
      ...(withReadme ? { readme: info.readme } : {}),
    } as Plugin;
  };
  /** the path's NAME-VSN, checked before it names any file */
  const nameOf = (name: string): string => {
    const why = badNameVsn(name);
    if (why) throw new ApiError(400, 'BAD_REQUEST', `name: ${why}`);
    return name;
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
        done(new ApiError(400, 'BAD_PLUGIN_INFO', `The plugin package is too large: the limit is ${LIMITS.archiveBytes} bytes`), undefined);
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

  route(app, 'get', '/plugins', {
    handler: async () =>
      Promise.all(
        svc()
          .list()
          .map((p) => view(p.info, false)),
      ),
  });

  route(app, 'post', '/plugins/install', {
    schema: {},
    handler: async (req, reply) => {
      const body: unknown = req.body;
      const part = Buffer.isBuffer(body) ? firstFilePart(body, req.headers['content-type'] ?? '') : undefined;
      if (!part || part.field !== 'plugin') throw new ApiError(400, 'BAD_FORM_DATA', FORM_HINT);
      const nameVsn = part.filename.replace(/\.tar\.gz$/, '');
      const why = badNameVsn(nameVsn);
      if (why || !part.filename.endsWith('.tar.gz')) {
        throw new ApiError(400, 'BAD_PLUGIN_INFO', `Bad plugin file name: ${part.filename}. ${why ?? 'The package must be a NAME-VSN.tar.gz file'}`);
      }
      await svc().install(nameVsn, part.data);
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/plugins/{name}', {
    handler: async (req) => {
      const info = svc().get(nameOf(req.params.name));
      if (!info) throw new ApiError(404, 'NOT_FOUND', req.params.name);
      return view(info, true);
    },
  });

  route(app, 'delete', '/plugins/{name}', {
    handler: async (req, reply) => {
      await svc().uninstall(nameOf(req.params.name));
      return reply.code(204).send();
    },
  });

  route(app, 'put', '/plugins/{name}/{action}', {
    handler: async (req, reply) => {
      const name = nameOf(req.params.name);
      if (!svc().get(name)) throw notFound();
      if (req.params.action === 'start') await svc().start(name);
      else await svc().stop(name);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/plugins/{name}/move', {
    schema: (c) => ({ params: c.params }),
    handler: async (req, reply) => {
      svc().move(nameOf(req.params.name), req.body);
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/plugins/{name}/schema', {
    handler: async (req) => {
      const info = svc().need(nameOf(req.params.name));
      return { avsc: info.schema?.avsc ?? null, i18n: info.schema?.i18n ?? null } as unknown as string;
    },
  });

  route(app, 'get', '/plugins/{name}/config', {
    handler: async (req) => {
      const config = svc().config(nameOf(req.params.name));
      if (config === undefined) throw new ApiError(400, 'BAD_CONFIG', 'Plugin Config Not Found');
      return config as string;
    },
  });

  route(app, 'put', '/plugins/{name}/config', {
    // any JSON value: the plugin's Avro schema decides (plugins.service.ts), naming the field it refuses
    schema: (c) => ({ params: c.params }),
    handler: async (req, reply) => {
      await svc().setConfig(nameOf(req.params.name), req.body);
      return reply.code(204).send();
    },
  });
}
