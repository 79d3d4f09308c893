// The /prometheus settings in EMQX's order (recommended shape); the push gateway's headers are kept as loaded.
import type { FieldSpec } from '../../shared/forms/fieldSpec';

const collector = (name: string): FieldSpec => ({
  path: `collectors.${name}`,
  label: name,
  kind: 'select',
  options: ['disabled', 'enabled'],
  optionLabels: { enabled: 'enabled', disabled: 'disabled' },
  required: true,
});

export const authFields: FieldSpec[] = [{ path: 'enable_basic_auth', label: 'enable_basic_auth', kind: 'switch', help: 'help_basic_auth' }];

export const pushFields: FieldSpec[] = [
  { path: 'push_gateway.enable', label: 'push_enable', kind: 'switch', help: 'help_push_enable' },
  { path: 'push_gateway.url', label: 'push_url', kind: 'text', required: true, enabledBy: 'push_gateway.enable' },
  { path: 'push_gateway.interval', label: 'push_interval', kind: 'duration', units: ['s', 'm', 'h'], required: true, enabledBy: 'push_gateway.enable' },
  { path: 'push_gateway.method', label: 'push_method', kind: 'select', options: ['put', 'post'], required: true, enabledBy: 'push_gateway.enable' },
  { path: 'push_gateway.job_name', label: 'push_job_name', kind: 'text', required: true, help: 'help_job_name', enabledBy: 'push_gateway.enable' },
];

export const collectorFields: FieldSpec[] = ['mnesia', 'vm_dist', 'vm_memory', 'vm_msacc', 'vm_statistics', 'vm_system_info'].map(collector);
