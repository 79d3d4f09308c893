// A Redis command template as EMQX's emqx_bridge_redis_connector renders it (preproc_command_template +
// proc_command_template): each element of `command_template` is one argument. An element that is exactly one
// placeholder gives its value as one argument (text of numbers as emqx_utils_conv:bin, maps as JSON, a binary
// payload as its bytes) — except the result of the rule function map_to_redis_hset_args, which spreads into its
// field/value arguments; any other element is rendered as text (a missing value reads "undefined").
import { DecodeMemo, MISSING, parseTemplate, renderTemplate, singlePlaceholder, toText, valueAt, type Template } from '../../../../shared/template';

export type RedisArg = string | Buffer;
export type CompiledCommand = Template[];

/** the marker the rule function map_to_redis_hset_args puts first */
const HSET_ARGS = 'map_to_redis_hset_args';

export const compileCommand = (template: string[]): CompiledCommand => template.map(parseTemplate);

export function renderCommand(cmd: CompiledCommand, selected: Record<string, unknown>): RedisArg[] {
  const memo = new DecodeMemo();
  const out: RedisArg[] = [];
  for (const arg of cmd) {
    const only = singlePlaceholder(arg);
    if (!only) {
      out.push(renderTemplate(arg, selected, undefined, memo));
      continue;
    }
    const v = valueAt(only.path, selected, memo);
    if (Array.isArray(v) && v[0] === HSET_ARGS) out.push(...v.slice(1).map((x) => (Buffer.isBuffer(x) ? x : toText(x))));
    else if (Buffer.isBuffer(v)) out.push(v);
    else out.push(toText(v === MISSING ? undefined : v));
  }
  return out;
}

/** how a command reads in a log or a reason: `HSET k f v` */
export const commandText = (args: RedisArg[]): string => args.map((a) => (Buffer.isBuffer(a) ? a.toString('utf8') : a)).join(' ');
