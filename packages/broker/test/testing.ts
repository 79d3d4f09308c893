// `@mqdeck/broker/testing`: the broker's test helpers that other packages reuse, exported on purpose so that they
// import them by name instead of by a relative path into this package's test/ folder.
//   wire        in-memory duplex pairs and a raw MQTT client (WireClient) for protocol-level tests
//   pki         a throw-away CA, server and client certificates made with openssl (TLS and peer-cert tests)
//   listener    a ListenerConfig for a test listener on an ephemeral port
// The durable session store suite needs vitest: it has its own subpath, `@mqdeck/broker/testing/store-suite`.
export { duplexPair, newBroker, WireClient, attach, connect, sleep, type ConnectOpts } from './wire';
export { hasOpenssl, makePki, derOf, CLIENT_SUBJECT, type Pki } from './pki';
export { testListener } from './listener-config';
