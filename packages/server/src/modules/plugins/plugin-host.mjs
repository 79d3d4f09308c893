// The process one plugin runs in (forked by plugins.service.ts with an IPC channel, `serialization: 'advanced'` so
// payloads stay Buffers). It imports the plugin's entry module, calls its start(ctx), and answers the node's hook
// calls with what the plugin's callbacks return. A plugin that throws, hangs or crashes harms only this process:
// the node times its calls out and reports the plugin stopped with the reason. Plain JavaScript on purpose: the node
// runs this file as it is, from the checkout or beside the bundle (docs/plugins.md describes the protocol).
import { pathToFileURL } from 'node:url';

// the hook points ExHook serves (docs/plugins.md gives each one's arguments and what its answer does): the node sends
// them with `start` (exhook/broker-hooks.ts HOOKPOINTS), this file runs as plain JavaScript and cannot import them
let HOOKS = new Set();
/** where each message hook's message is among its arguments */
const MESSAGE_ARG = { 'message.publish': 0, 'message.delivered': 1, 'message.acked': 1, 'message.dropped': 0 };
const hooks = new Map();
let plugin;
let config = {};
const configListeners = [];

const send = (msg) => {
  if (!process.connected) return;
  try {
    process.send(msg);
  } catch (err) {
    // a value the channel cannot carry (a function, a class instance): the node hears why instead
    if (msg.t === 'reply') process.send({ t: 'reply', id: msg.id, ok: false, error: `the answer cannot be sent to the node: ${describe(err)}` });
  }
};
const describe = (err) => (err instanceof Error ? err.message || err.name : String(err));
const log =
  (level) =>
  (...args) =>
    send({ t: 'log', level, msg: args.map((a) => (typeof a === 'string' ? a : describe(a))).join(' ') });

const ctx = {
  get config() {
    return config;
  },
  log: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  addHooks(map) {
    for (const [name, fn] of Object.entries(map ?? {})) {
      if (!HOOKS.has(name)) throw new Error(`unknown hook point '${name}' (known: ${[...HOOKS].join(', ')})`);
      if (typeof fn !== 'function') throw new Error(`the callback of '${name}' is not a function`);
      hooks.set(name, fn);
    }
    send({ t: 'hooks', hooks: [...hooks.keys()] });
  },
  onConfigChanged(fn) {
    configListeners.push(fn);
  },
};

/** the payload as a Buffer, whatever view the channel delivered */
function asMessage(m) {
  const p = m.payload;
  return { ...m, payload: Buffer.isBuffer(p) ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength) };
}
/** the hook's arguments with its message's payload as a Buffer */
function argsOf(hook, args) {
  const at = MESSAGE_ARG[hook];
  if (at === undefined || !args[at]) return args;
  const out = [...args];
  out[at] = asMessage(args[at]);
  return out;
}

async function handle(msg) {
  switch (msg.t) {
    case 'start': {
      HOOKS = new Set(msg.hookpoints ?? []);
      config = msg.config ?? {};
      plugin = await import(pathToFileURL(msg.entry).href);
      if (typeof plugin.start !== 'function') throw new Error('the entry module exports no start(ctx) function');
      await plugin.start(ctx);
      return { hooks: [...hooks.keys()] };
    }
    case 'call': {
      const fn = hooks.get(msg.hook);
      if (!fn) return undefined;
      return await fn(...argsOf(msg.hook, msg.args));
    }
    case 'config': {
      config = msg.config ?? {};
      if (typeof plugin?.onConfigChanged === 'function') await plugin.onConfigChanged(config);
      for (const fn of configListeners) await fn(config);
      return undefined;
    }
    case 'health': {
      // EMQX's on_health_check: no callback is healthy; a throw (or false) is unhealthy with the reason
      if (typeof plugin?.onHealthCheck !== 'function') return 'ok';
      const out = await plugin.onHealthCheck(msg.options ?? {});
      if (out === false) throw new Error('the health check returned false');
      return 'ok';
    }
    case 'stop': {
      if (typeof plugin?.stop === 'function') await plugin.stop();
      hooks.clear();
      return undefined;
    }
    default:
      throw new Error(`unknown request ${String(msg.t)}`);
  }
}

process.on('message', (msg) => {
  if (msg?.t === 'cast') {
    const fn = hooks.get(msg.hook);
    if (fn)
      Promise.resolve()
        .then(() => fn(...argsOf(msg.hook, msg.args)))
        .catch((err) => log('warn')(`${msg.hook} failed: ${describe(err)}`));
    return;
  }
  handle(msg).then(
    (value) => send({ t: 'reply', id: msg.id, ok: true, value }),
    (err) => send({ t: 'reply', id: msg.id, ok: false, error: describe(err) }),
  );
});
// the node went away (closed, crashed): nothing to serve any more
process.on('disconnect', () => process.exit(0));
send({ t: 'ready' });
