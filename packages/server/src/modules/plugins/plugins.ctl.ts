// `mqdeck ctl plugins allow NAME-VSN [sha256:HEX]` and `mqdeck ctl plugins disallow NAME-VSN`, EMQX's
// `emqx ctl plugins allow|disallow`: run on the node's own machine, they write (or remove) an install grant in the
// node's data dir, which the next upload of that package through the API consumes. A grant lasts 5 minutes; bound
// to a sha256, only the package with that digest is taken. Whoever may run this may write the data dir anyway, so
// the grant proves the operator has the node's command line, not only a console login.
import { resolve } from 'node:path';
import { ALLOW_TTL_MS, badNameVsn, PluginsStore } from './plugins.store';

export const CTL_HELP = `Usage: mqdeck ctl plugins allow NAME-VSN [sha256:HEX] [--data-dir <dir>]
       mqdeck ctl plugins disallow NAME-VSN [--data-dir <dir>]
  allow     lets NAME-VSN.tar.gz be installed through the console or the API during the next ${ALLOW_TTL_MS / 60000} minutes
            (bound to the package's sha256 when given)
  disallow  withdraws that permission
The data dir is the node's: --data-dir, else EMQX_NODE__DATA_DIR, else ./data.`;

/** runs one ctl command; returns the exit code, printing through `out`/`err` */
export function runCtl(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): number {
  const args: string[] = [];
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--data-dir') dataDir = argv[++i];
    else if (argv[i] === '--help' || argv[i] === '-h') {
      out(CTL_HELP);
      return 0;
    } else args.push(argv[i]);
  }
  const [area, command, nameVsn, extra] = args;
  if (area !== 'plugins' || (command !== 'allow' && command !== 'disallow') || !nameVsn || (command === 'disallow' && extra)) {
    err(CTL_HELP);
    return 2;
  }
  const why = badNameVsn(nameVsn);
  if (why) {
    err(`mqdeck ctl: ${nameVsn}: ${why}`);
    return 2;
  }
  const store = new PluginsStore(resolve(dataDir ?? env.EMQX_NODE__DATA_DIR ?? 'data'));
  if (command === 'disallow') {
    store.disallow(nameVsn);
    out(`${nameVsn} may no longer be installed through the API`);
    return 0;
  }
  let sha: string | undefined;
  if (extra !== undefined) {
    const m = /^sha256:([0-9a-fA-F]{64})$/.exec(extra);
    if (!m) {
      err(`mqdeck ctl: ${extra}: write the digest as sha256:<64 hex digits>`);
      return 2;
    }
    sha = m[1].toLowerCase();
  }
  store.allow(nameVsn, sha);
  out(`${nameVsn} may be installed through the API during the next ${ALLOW_TTL_MS / 60000} minutes${sha ? ` (only the package with sha256 ${sha})` : ''}`);
  return 0;
}
