// CLI: `mqdeck [start] [--config <file.json>] [--data-dir <dir>] [--dashboard-dir <dir>]`, or
// `mqdeck start --upstream <url> [--upstream-ca <pem>] [--upstream-insecure]` for the console alone in front of a real
// EMQX 5.8. Reads the config file (default etc/mqdeck.json when present) and EMQX_* environment overrides,
// starts the node, prints its URLs and stops cleanly on SIGINT/SIGTERM.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseBind } from './config/units';
import { defaultPasswordWarning, startNode } from './start-node';
import { runCtl } from './modules/plugins/plugins.ctl';
import { shownUpstream, startUpstreamConsole } from './upstream/upstream-console';

interface Args {
  command: string;
  config?: string;
  dataDir?: string;
  dashboardDir?: string;
  upstream?: string;
  upstreamCa?: string;
  upstreamInsecure?: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { command: 'start' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--config' || a === '-c') args.config = value();
    else if (a === '--data-dir') args.dataDir = value();
    else if (a === '--dashboard-dir') args.dashboardDir = value();
    else if (a === '--upstream') args.upstream = value();
    else if (a === '--upstream-ca') args.upstreamCa = value();
    else if (a === '--upstream-insecure') args.upstreamInsecure = true;
    else if (a === '--help' || a === '-h') args.command = 'help';
    else if (!a.startsWith('-')) args.command = a;
    else throw new Error(`unknown option ${a}`);
  }
  return args;
}

const HELP = `Usage: mqdeck [start] [--config <file.json>] [--data-dir <dir>] [--dashboard-dir <dir>]
       mqdeck ctl plugins allow|disallow NAME-VSN [--data-dir <dir>]
       mqdeck start --upstream <https://emqx-host:18083> [--upstream-ca <ca.pem>] [--upstream-insecure] [--dashboard-dir <dir>]
Environment overrides use EMQX's form, e.g. EMQX_LISTENERS__TCP__DEFAULT__BIND=0.0.0.0:11883
(MQDECK_UPSTREAM and MQDECK_UPSTREAM_CA stand for --upstream and --upstream-ca;
EMQX_DASHBOARD__LISTENERS__HTTP__BIND moves the console in both modes).`;

/** The console alone, passing /api/v5 on to a real EMQX (upstream/). */
async function runUpstream(args: Args, upstream: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(`--upstream ${upstream} is not a URL: write it as http(s)://host:port`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream ${upstream}: only http:// and https:// are supported`);
  const caFile = args.upstreamCa ?? process.env.MQDECK_UPSTREAM_CA;
  if (caFile && !existsSync(caFile)) throw new Error(`--upstream-ca ${caFile} does not exist`);
  const bind = parseBind(process.env.EMQX_DASHBOARD__LISTENERS__HTTP__BIND ?? '0.0.0.0:18083') ?? { host: '0.0.0.0', port: 18083 };
  const running = await startUpstreamConsole({
    upstream: { url, ca: caFile ? readFileSync(caFile) : undefined, insecure: args.upstreamInsecure },
    dashboardDir: args.dashboardDir ?? process.env.MQDECK_DASHBOARD_DIR,
    host: bind.host,
    port: bind.port,
  });
  console.log(`MQDeck console is running in front of ${shownUpstream(url)}
  console       ${running.httpUrl}  (log in with the upstream's own dashboard users)`);
  if (args.upstreamInsecure) console.warn("\nWARNING: --upstream-insecure: the upstream's certificate is not checked.\n");
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  // `mqdeck ctl plugins allow NAME-VSN`: EMQX's `emqx ctl`, on the node's data dir (modules/plugins/plugins.ctl.ts)
  if (process.argv[2] === 'ctl') process.exit(runCtl(process.argv.slice(3)));
  const args = parseArgs(process.argv.slice(2));
  if (args.command === 'help') {
    console.log(HELP);
    return;
  }
  if (args.command !== 'start') throw new Error(`unknown command "${args.command}"\n${HELP}`);
  const upstream = args.upstream ?? process.env.MQDECK_UPSTREAM;
  if (upstream) return runUpstream(args, upstream);
  const configFile = args.config ?? (existsSync('etc/mqdeck.json') ? 'etc/mqdeck.json' : undefined);
  if (configFile && !existsSync(configFile)) throw new Error(`config file ${configFile} does not exist`);
  const dataDir = resolve(args.dataDir ?? process.env.EMQX_NODE__DATA_DIR ?? 'data');
  const dashboardDir = args.dashboardDir ?? process.env.MQDECK_DASHBOARD_DIR;
  const node = await startNode({ dataDir, env: process.env, configFile, dashboardDir, logger: true });
  const listeners = [...node.app.listeners.values()]
    .filter((l) => l.running)
    .map((l) => `  ${l.config.id.padEnd(12)} ${l.config.bind.host}:${l.port}${l.config.websocket ? l.config.websocket.path : ''}`);
  console.log(`MQDeck node ${node.app.nodeName} is running
  console       ${node.httpUrl}  (${node.app.config.get('dashboard.default_username')} / default password at first start)
  data dir      ${dataDir}${configFile ? `\n  config file   ${resolve(configFile)}` : ''}
MQTT listeners:
${listeners.join('\n') || '  (none running)'}`);
  const warning = defaultPasswordWarning(node.app);
  if (warning) console.warn(`\n${warning}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping`);
    try {
      await node.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`mqdeck: ${err.message}`);
  process.exit(1);
});
