import type { FieldSpec } from '../../shared/forms/fieldSpec';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'all'];

const handler = (prefix: string): FieldSpec[] => [
  { path: `${prefix}.enable`, label: 'enable', kind: 'switch' },
  { path: `${prefix}.level`, label: 'level', kind: 'select', options: LEVELS },
  { path: `${prefix}.formatter`, label: 'formatter', kind: 'select', options: ['text', 'json'] },
  { path: `${prefix}.time_offset`, label: 'time_offset', kind: 'text' },
  { path: `${prefix}.timestamp_format`, label: 'timestamp_format', kind: 'select', options: ['auto', 'epoch', 'rfc3339'] },
  { path: `${prefix}.payload_encode`, label: 'payload_encode', kind: 'select', options: ['text', 'hex', 'hidden'] },
];

export const consoleFields = handler('console');
export const fileFields: FieldSpec[] = [
  ...handler('file.default'),
  { path: 'file.default.path', label: 'path', kind: 'text', required: true },
  { path: 'file.default.rotation_count', label: 'rotation_count', kind: 'integer', min: 1, max: 128, required: true },
  { path: 'file.default.rotation_size', label: 'rotation_size', kind: 'size', units: ['KB', 'MB', 'GB'], words: ['infinity'], min: 1024, required: true },
];
export const throttlingFields: FieldSpec[] = [{ path: 'throttling.time_window', label: 'time_window', kind: 'duration', units: ['s', 'm', 'h'], min: 1000, required: true }];
