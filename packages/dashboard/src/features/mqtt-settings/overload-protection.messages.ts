// The texts of the Force Shutdown tab's note on overload_protection (OverloadProtectionNote.tsx). In a *.messages.ts
// file like every other namespace, so i18n/messages.test.ts always finds and checks it.
import { defineMessages } from '../../i18n/defineMessages';

export const overloadProtectionMessages = defineMessages('overloadProtection', {
  title: { en: 'Overload Protection (overload_protection)', zh: '过载保护（overload_protection）' },
  body: {
    en: 'Set in the configuration file or through PUT /configs, as on EMQX. With enable and backoff_new_conn on, this node closes new connections while its event loop runs 500 ms or more late (EMQX watches its Erlang run queue instead) and counts them in overload_protection.new_conn. backoff_delay, backoff_gc and backoff_hibernation act on Erlang background tasks, forced GC and process hibernation: they have no counterpart on this node and are kept unchanged.',
    zh: '与 EMQX 相同，通过配置文件或 PUT /configs 设置。开启 enable 和 backoff_new_conn 后，当事件循环延迟达到 500 毫秒或以上时，本节点会关闭新连接（EMQX 依据其 Erlang 运行队列判断），并计入 overload_protection.new_conn。backoff_delay、backoff_gc 和 backoff_hibernation 作用于 Erlang 后台任务、强制 GC 和进程休眠，在本节点上没有对应功能，其值会原样保留。',
  },
});
