// The broker's public facade: the only surface the server (and tests) may use.
// The server attaches policy through `BrokerHooks` and reads state through `Broker`.
// Values here are already parsed (bytes, milliseconds, seconds as numbers; null = infinity/disabled);
// turning EMQX config strings such as "1MB" or "30s" into these numbers is the server's job.
export * from './settings';
export * from './messages';
export * from './listener';
export * from './hooks';
export * from './broker';
