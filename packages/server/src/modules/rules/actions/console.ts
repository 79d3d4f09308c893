// The `console` action: prints the rule's output and its input columns on the node's standard output, the way
// EMQX's prints to its console whatever the log level (it is a debugging aid, not a log entry).
import { toJson } from '../../../shared/template';
import type { ActionCall } from './types';

export type ConsoleWriter = (text: string) => void;

export function consoleText(call: ActionCall): string {
  return `[rule action] ${call.ruleId}\n\tAction Data: ${toJson(call.selected)}\n\tEnvs: ${toJson(call.envs)}\n`;
}

export function runConsole(call: ActionCall, write: ConsoleWriter): void {
  write(consoleText(call));
}
