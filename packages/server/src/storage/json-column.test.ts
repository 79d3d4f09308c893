import { describe, expect, it } from 'vitest';
import { readJson, reviveBuffers, writeJson } from './json-column';

describe('JSON columns keep message-property Buffers', () => {
  const props = { correlationData: Buffer.from([0, 1, 255]), userProperties: { a: 'b' }, contentType: 'text/plain' };

  it('round-trips a Buffer as {$b64} by default', () => {
    const text = writeJson(props);
    expect(JSON.parse(text).correlationData).toEqual({ $b64: 'AAH/' });
    expect(readJson(text, reviveBuffers())).toEqual(props);
  });

  it("keeps a table's own tag (the retained table's '$base64')", () => {
    const text = writeJson(props, '$base64');
    expect(JSON.parse(text).correlationData).toEqual({ $base64: 'AAH/' });
    expect(readJson(text, reviveBuffers('$base64'))).toEqual(props);
    // another tag is left as the object it is
    expect(readJson<typeof props>(text, reviveBuffers()).correlationData).toEqual({ $base64: 'AAH/' });
  });
});
