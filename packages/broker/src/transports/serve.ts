import type { Server } from 'node:net';
import type { ListenerConfig } from '../types';

/** listen and resolve with the bound port; EADDRINUSE and friends become a clear Error */
export function listenOn(server: Server, config: ListenerConfig, backlog?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const where = `${config.bind.host}:${config.bind.port}`;
      const why = err.code === 'EADDRINUSE' ? 'address already in use' : err.code === 'EACCES' ? 'permission denied' : err.message;
      reject(new Error(`Listener ${config.id} cannot bind ${where}: ${why}`, { cause: err }));
    };
    const onListening = () => {
      server.off('error', onError);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : config.bind.port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host: config.bind.host, port: config.bind.port, backlog });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
