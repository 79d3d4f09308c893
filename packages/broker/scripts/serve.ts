// Run the bare broker on a TCP port, for interoperability suites (Paho) and manual tests:
//   npx tsx packages/broker/scripts/serve.ts [port] [--paho]
// --paho applies the policy the Paho interoperability suite expects of its test broker:
// subscriptions to "test/nosubscribe" are refused (its test_subscribe_failure).
// --server-keepalive=60 is what its test_server_keep_alive expects; that setting breaks its keepalive tests,
// so run that one test against a separate instance.
import { createBroker } from '../src/index';

const args = process.argv.slice(2);
const port = Number(args.find((a) => /^\d+$/.test(a)) ?? 1884);
const paho = args.includes('--paho');
const serverKeepalive = args.find((a) => a.startsWith('--server-keepalive='))?.split('=')[1];

const broker = createBroker({
  nodeName: 'emqx@127.0.0.1',
  settings: serverKeepalive ? { serverKeepalive: Number(serverKeepalive) } : {},
  hooks: paho ? { authorize: (req) => (req.action === 'subscribe' && req.topic === 'test/nosubscribe' ? 'deny' : 'allow') } : {},
});
broker.events.on('broker.error', (err) => console.error('broker error:', err));
const listener = broker.createListener({
  id: 'tcp:default',
  type: 'tcp',
  bind: { host: '127.0.0.1', port },
  maxConnections: null,
  mountpoint: '',
  zone: 'default',
  enableAuthn: true,
});
await listener.start();
console.log(`listening on 127.0.0.1:${listener.port}`);
const stop = () => void broker.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
