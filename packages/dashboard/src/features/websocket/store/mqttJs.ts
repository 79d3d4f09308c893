// MQTT.js itself behind the MqttLike interface (used in the MQTT worker, and on the page where workers are missing).
import mqtt from 'mqtt';
import type { CreateClient } from './mqttClient';

/** The browser build of MQTT.js picks the native WebSocket for ws:// and wss:// URLs (in a worker too). */
export const connectMqttJs: CreateClient = (url, options) => {
  const client = mqtt.connect(url, options);
  return {
    on: (event, listener) => client.on(event, listener as never),
    removeAllListeners: () => client.removeAllListeners(),
    subscribe: (topic, opts, callback) => client.subscribe(topic, opts, callback as never),
    unsubscribe: (topic, callback) => client.unsubscribe(topic, callback),
    publish: (topic, payload, opts, callback) => client.publish(topic, payload, opts, callback),
    end: (force, callback) => client.end(force, callback),
  };
};
