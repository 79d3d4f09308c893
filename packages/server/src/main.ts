// CLI: `mqdeck [start] [--config <file.json>] [--data-dir <dir>] [--dashboard-dir <dir>]`.
// Reads the config file (default etc/mqdeck.json when present) and EMQX_* environment overrides,
// starts the node, prints its URLs and stops cleanly on SIGINT/SIGTERM.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultPasswordWarning, startNode } from './start-node';

interface Args {
  command: string;
  config?: string;
  dataDir?: string;
  dashboardDir?: string;
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
    else if (a === '--help' || a === '-h') args.command = 'help';
    else if (!a.startsWith('-')) args.command = a;
    else throw new Error(`unknown option ${a}`);
  }
  return args;
}

const HELP = `Usage: mqdeck [start] [--config <file.json>] [--data-dir <dir>] [--dashboard-dir <dir>]
Environment overrides use EMQX's form, e.g. EMQX_LISTENERS__TCP__DEFAULT__BIND=0.0.0.0:11883`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.command === 'help') {
    console.log(HELP);
    return;
  }
  if (args.command !== 'start') throw new Error(`unknown command "${args.command}"\n${HELP}`);
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
