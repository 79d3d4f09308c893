-- Log traces (modules/log-trace): the definitions EMQX keeps in its emqx_trace table. The trace files
-- themselves live under <dataDir>/trace/.
CREATE TABLE traces (
  name TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  filter TEXT NOT NULL,
  enable INTEGER NOT NULL,
  payload_encode TEXT NOT NULL,
  formatter TEXT NOT NULL,
  start_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL
);
