// The node a benchmark compares ours with: `--baseline REV` (a git revision of this repository, archived into a
// temporary folder) or `--baseline DIR` (another checkout). Its node_modules links to this checkout's packages,
// except @mqdeck/*, which must be the baseline's own: npm's workspace links are relative, so a baseline whose
// node_modules is one symlink to ours resolves @mqdeck/broker to *this* checkout's broker, and the "before" node
// runs today's broker code (the mistake behind session 10's unreadable before/after connect figures).
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const here = resolve(import.meta.dirname, '..', '..');
const WORKSPACES = ['api', 'broker', 'server', 'dashboard'];

/** the root of a runnable baseline checkout for `arg` (a directory, else a revision to archive) */
export function baselineRoot(arg: string): string {
  const root = existsSync(arg) && lstatSync(arg).isDirectory() ? resolve(arg) : archive(arg);
  if (!existsSync(join(root, 'node_modules'))) linkModules(root);
  const broker = realpathSync(join(root, 'node_modules', '@mqdeck', 'broker'));
  if (!broker.startsWith(realpathSync(root) + '/')) {
    throw new Error(`baseline ${root}: @mqdeck/broker resolves to ${broker}, not to the baseline's own packages/broker. Remove its node_modules and let the bench link it.`);
  }
  return root;
}

function archive(rev: string): string {
  const commit = execFileSync('git', ['rev-parse', '--short', `${rev}^{commit}`], { cwd: here, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), `mqdeck-baseline-${commit}-`));
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: here });
  console.error(`baseline: ${rev} (${commit}) archived into ${dir}`);
  return dir;
}

/** node_modules of the baseline: every entry of ours, @mqdeck/* pointing into the baseline; workspaces' own too */
function linkModules(root: string): void {
  const ours = join(here, 'node_modules');
  mkdirSync(join(root, 'node_modules', '@mqdeck'), { recursive: true });
  for (const entry of readdirSync(ours)) {
    if (entry !== '@mqdeck') symlinkSync(join(ours, entry), join(root, 'node_modules', entry));
  }
  for (const ws of WORKSPACES) {
    symlinkSync(join('..', '..', 'packages', ws), join(root, 'node_modules', '@mqdeck', ws));
    const own = join(here, 'packages', ws, 'node_modules');
    if (existsSync(own) && !existsSync(join(root, 'packages', ws, 'node_modules'))) symlinkSync(own, join(root, 'packages', ws, 'node_modules'));
  }
}
