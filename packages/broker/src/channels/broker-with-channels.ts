// The broker with its gateway channels: BrokerImpl (MQTT) with its zones (zones/broker-with-zones.ts) plus
// openChannel, kept apart so that broker.ts stays about MQTT clients. createBroker returns this class.
import { BrokerWithZones } from '../zones/broker-with-zones';
import type { Broker } from '../types';
import { Channels, type ChannelHandle, type ChannelInfo, type ChannelSink } from './channels';

export class BrokerWithChannels extends BrokerWithZones implements Broker {
  /** non-MQTT channels (gateway clients): in the pubsub, not in clients() */
  private readonly channels = new Channels(this);

  openChannel(info: ChannelInfo, sink: ChannelSink): ChannelHandle {
    return this.channels.openChannel(info, sink);
  }

  override async close(): Promise<void> {
    await super.close();
    this.channels.closeAll('shutdown');
  }
}
