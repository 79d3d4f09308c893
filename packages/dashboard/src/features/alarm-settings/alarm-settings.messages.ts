import { defineMessages } from '../../i18n/defineMessages';

// Labels of Management › Monitoring › System. Help texts are EMQX's descriptions (/schemas/hotconf); the notes say
// what a key means on this Node.js node (docs/node-counterparts.md).
export const alarmSettingsMessages = defineMessages('alarmSettings', {
  title: { en: 'System', zh: '系统' },
  intro: {
    en: 'Thresholds of the system alarms. Raised and cleared alarms are listed in Alarms.',
    zh: '系统告警的阈值。触发和恢复的告警可在告警页面查看。',
  },
  openAlarms: { en: 'View alarms', zh: '查看告警' },
  os: { en: 'Operating System', zh: '操作系统' },
  vm: { en: 'Erlang VM', zh: 'Erlang 虚拟机' },
  vmNoCounterpart: {
    en: 'No Node.js counterpart: these are checks of the Erlang VM (process count, long GC, long schedule, large heap, busy ports). This node keeps and returns the values, but raises no alarm from them.',
    zh: '没有 Node.js 对应功能：这些是 Erlang 虚拟机的检查（进程数、长时间 GC、长时间调度、大堆、繁忙端口）。本节点会保存并返回这些值，但不会据此触发告警。',
  },
  cpu_check_interval: { en: 'CPU Check Interval', zh: 'CPU 检查间隔' },
  cpu_high_watermark: { en: 'CPU High Watermark', zh: 'CPU 高水位' },
  cpu_low_watermark: { en: 'CPU Low Watermark', zh: 'CPU 低水位' },
  mem_check_interval: { en: 'Memory Check Interval', zh: '内存检查间隔' },
  sysmem_high_watermark: { en: 'System Memory High Watermark', zh: '系统内存高水位' },
  procmem_high_watermark: { en: 'Process Memory High Watermark', zh: '进程内存高水位' },
  note_cpu: {
    en: 'On this node: the busy share of all CPU cores of the machine over each interval. Above the high watermark high_cpu_usage is raised; it is cleared below the low watermark.',
    zh: '在本节点上：每个间隔内整台机器所有 CPU 核心的繁忙占比。高于高水位时触发 high_cpu_usage，低于低水位时恢复。',
  },
  note_sysmem: {
    en: 'On this node: used system memory (total minus available), as EMQX reads it; raises high_system_memory_usage.',
    zh: '在本节点上：已用系统内存（总内存减去可用内存），与 EMQX 的读取方式相同；触发 high_system_memory_usage。',
  },
  note_procmem: {
    en: 'On this node: the resident memory of the whole Node.js process (EMQX watches each Erlang process; this node runs in one process); raises high_process_memory_usage.',
    zh: '在本节点上：整个 Node.js 进程的常驻内存（EMQX 监视每个 Erlang 进程，本节点只有一个进程）；触发 high_process_memory_usage。',
  },
  process_check_interval: { en: 'Process Check Interval', zh: '进程检查间隔' },
  process_high_watermark: { en: 'Process High Watermark', zh: '进程数高水位' },
  process_low_watermark: { en: 'Process Low Watermark', zh: '进程数低水位' },
  long_gc: { en: 'Long GC', zh: '长时间 GC' },
  long_schedule: { en: 'Long Schedule', zh: '长时间调度' },
  large_heap: { en: 'Large Heap', zh: '大堆' },
  busy_port: { en: 'Busy Port Monitoring', zh: '繁忙端口监控' },
  busy_dist_port: { en: 'Busy Distribution Port Monitoring', zh: '繁忙分布式端口监控' },
});
