// EMQX's help text of a listener key, from /schemas/hotconf in the UI language, as the MQTT settings screens show
// theirs: the `emqx.listeners` component reaches the listener struct of each type through its map values.
import { Form } from 'antd';
import { describeField, useHotconfQuery } from '../../shared/hotconf/hotconf.api';
import type { ListenerType } from './listeners.api';

/** `help('tcp_options.backlog')` → EMQX's description for the listener type chosen in the form */
export function useListenerHelp(): (path: string) => string | undefined {
  const form = Form.useFormInstance();
  const type = (Form.useWatch('type', form) ?? 'tcp') as ListenerType;
  const schema = useHotconfQuery();
  return (path) => describeField(schema.data, 'emqx.listeners', `${type}.default.${path}`);
}
