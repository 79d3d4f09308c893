-- The monitor's durable gauges (modules/durable-sessions/durable-counts.ts) without reading every session at every
-- sample: totals kept by triggers on the durable tables, and the sessions past their expiry that the GC has not removed
-- yet found through an index. A subscription counts while its session row exists (as the join it replaces did).
-- A later migration that rebuilds durable_sessions or durable_subscriptions must create these triggers again
-- (monitor.durable-counts.test.ts checks the totals against a full count after every kind of write).
CREATE TABLE durable_totals (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  subscriptions INTEGER NOT NULL,    -- subscriptions of stored sessions
  disconnected INTEGER NOT NULL      -- stored sessions whose client is away, expired or not
);
INSERT INTO durable_totals (id, subscriptions, disconnected) VALUES (
  1,
  (SELECT COUNT(*) FROM durable_subscriptions d JOIN durable_sessions s ON s.clientid = d.clientid),
  (SELECT COUNT(disconnected_at) FROM durable_sessions)
);

CREATE TRIGGER durable_totals_session_insert AFTER INSERT ON durable_sessions BEGIN
  UPDATE durable_totals SET
    disconnected = disconnected + (NEW.disconnected_at IS NOT NULL),
    subscriptions = subscriptions + (SELECT COUNT(*) FROM durable_subscriptions WHERE clientid = NEW.clientid);
END;
CREATE TRIGGER durable_totals_session_update AFTER UPDATE OF disconnected_at ON durable_sessions BEGIN
  UPDATE durable_totals SET disconnected = disconnected + (NEW.disconnected_at IS NOT NULL) - (OLD.disconnected_at IS NOT NULL);
END;
CREATE TRIGGER durable_totals_session_delete AFTER DELETE ON durable_sessions BEGIN
  UPDATE durable_totals SET
    disconnected = disconnected - (OLD.disconnected_at IS NOT NULL),
    subscriptions = subscriptions - (SELECT COUNT(*) FROM durable_subscriptions WHERE clientid = OLD.clientid);
END;
CREATE TRIGGER durable_totals_sub_insert AFTER INSERT ON durable_subscriptions
  WHEN EXISTS (SELECT 1 FROM durable_sessions WHERE clientid = NEW.clientid) BEGIN
  UPDATE durable_totals SET subscriptions = subscriptions + 1;
END;
CREATE TRIGGER durable_totals_sub_delete AFTER DELETE ON durable_subscriptions
  WHEN EXISTS (SELECT 1 FROM durable_sessions WHERE clientid = OLD.clientid) BEGIN
  UPDATE durable_totals SET subscriptions = subscriptions - 1;
END;

-- sessions that can expire, by the time they do (also the GC's query)
CREATE INDEX durable_sessions_expiry ON durable_sessions (disconnected_at + expiry_interval * 1000)
  WHERE disconnected_at IS NOT NULL AND expiry_interval < 4294967295;
