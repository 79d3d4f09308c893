// The sysmon keys, in the order of EMQX's hotconf schema; percent keys are EMQX's '80%' strings (0 to 100).
import type { FieldSpec } from '../../shared/forms/fieldSpec';

export const osFields: FieldSpec[] = [
  { path: 'os.cpu_check_interval', label: 'cpu_check_interval', kind: 'duration', units: ['s', 'm', 'h'], required: true, nodeNote: 'note_cpu' },
  { path: 'os.cpu_high_watermark', label: 'cpu_high_watermark', kind: 'percent', required: true },
  { path: 'os.cpu_low_watermark', label: 'cpu_low_watermark', kind: 'percent', required: true },
  { path: 'os.mem_check_interval', label: 'mem_check_interval', kind: 'duration', units: ['s', 'm', 'h'], words: ['disabled'], required: true },
  { path: 'os.sysmem_high_watermark', label: 'sysmem_high_watermark', kind: 'percent', required: true, nodeNote: 'note_sysmem' },
  { path: 'os.procmem_high_watermark', label: 'procmem_high_watermark', kind: 'percent', required: true, nodeNote: 'note_procmem' },
];

// Erlang VM checks: kept and returned by the node, but nothing on Node.js raises their alarms (server alarms/sysmon.ts).
export const vmFields: FieldSpec[] = [
  { path: 'vm.process_check_interval', label: 'process_check_interval', kind: 'duration', units: ['s', 'm', 'h'], required: true },
  { path: 'vm.process_high_watermark', label: 'process_high_watermark', kind: 'percent', required: true },
  { path: 'vm.process_low_watermark', label: 'process_low_watermark', kind: 'percent', required: true },
  { path: 'vm.long_gc', label: 'long_gc', kind: 'duration', units: ['ms', 's'], words: ['disabled'], required: true },
  { path: 'vm.long_schedule', label: 'long_schedule', kind: 'duration', units: ['ms', 's'], words: ['disabled'], required: true },
  { path: 'vm.large_heap', label: 'large_heap', kind: 'size', units: ['KB', 'MB', 'GB'], words: ['disabled'], required: true },
  { path: 'vm.busy_port', label: 'busy_port', kind: 'switch' },
  { path: 'vm.busy_dist_port', label: 'busy_dist_port', kind: 'switch' },
];
