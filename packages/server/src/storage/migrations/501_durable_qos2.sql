-- Durable sessions (modules/durable-sessions): QoS 2 in-flight state survives a restart.
-- Outgoing: the packet id a stored QoS 2 message went out with, and whether PUBREC came back (PUBREL sent).
ALTER TABLE durable_messages ADD COLUMN packet_id INTEGER;  -- NULL: not sent yet (or QoS 1)
ALTER TABLE durable_messages ADD COLUMN phase TEXT;         -- 'publish' (awaiting PUBREC) | 'pubrel' (awaiting PUBCOMP)
-- Incoming: QoS 2 packet ids received (already routed, PUBREC sent) and not yet released by PUBREL.
CREATE TABLE durable_awaiting_rel (
  clientid TEXT NOT NULL,
  packet_id INTEGER NOT NULL,
  received_at INTEGER NOT NULL,      -- epoch ms (await_rel_timeout)
  PRIMARY KEY (clientid, packet_id)
);
