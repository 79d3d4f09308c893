// The example plugin (docs/plugins.md): stamps every message with a user property, drops the messages of one
// topic prefix and the ones larger than max_payload, and counts what it saw. Its config is read on every message,
// so a config change applies at once. Its health check reports a max_payload below 1 (every message with a
// payload dropped) as unhealthy.
let seen = 0;
let log;
let ctx;

export function start(context) {
  ctx = context;
  log = ctx.log;
  ctx.addHooks({
    'message.publish': (msg) => {
      seen += 1;
      const { property_name: name, property_value: value, drop_prefix: drop, max_payload: max } = ctx.config;
      if (drop && msg.topic.startsWith(drop)) return null;
      if (typeof max === 'number' && msg.payload.length > max) return null;
      return { ...msg, userProperties: { ...msg.userProperties, [name]: value, 'stamp-count': String(seen) } };
    },
  });
  ctx.log.info(`stamping messages with ${ctx.config.property_name}=${ctx.config.property_value}`);
}

export function onConfigChanged(config) {
  log?.info(`now stamping messages with ${config.property_name}=${config.property_value}`);
}

export function onHealthCheck() {
  const max = ctx?.config.max_payload;
  if (typeof max === 'number' && max < 1) throw new Error(`max_payload is ${max}: every message with a payload is dropped`);
}

export function stop() {
  log?.info(`stopped after ${seen} messages`);
}
