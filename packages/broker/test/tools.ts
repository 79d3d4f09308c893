// Tests that drive a machine tool (openssl, mosquitto_pub/sub) skip on a developer machine that lacks it.
// In CI (`.ci/run` exports CI=true and apt-installs the tools) a missing tool fails the test file instead:
// a silent skip there once hid every TLS test.
import { existsSync } from 'node:fs';

export function hasTool(path: string): boolean {
  if (existsSync(path)) return true;
  if (process.env.CI) throw new Error(`${path} is missing: CI must run the tests that need it (add its package to .ci/run's apt list)`);
  return false;
}
