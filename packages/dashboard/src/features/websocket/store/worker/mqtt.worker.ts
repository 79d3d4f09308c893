// Worker entry: MQTT.js (its browser build supports workers) behind the protocol in ./protocol.
import { connectMqttJs } from '../mqttJs';
import type { FromWorker, Port, ToWorker } from './protocol';
import { serveMqtt } from './mqttWorkerHost';

serveMqtt(self as unknown as Port<ToWorker, FromWorker>, connectMqttJs);
