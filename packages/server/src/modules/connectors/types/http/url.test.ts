// The connector url split and the path joining, restated from EMQX 5.8 (emqx_connector_resource:parse_url and
// emqx_bridge_http_connector's join_paths_test_).
import { describe, expect, test } from 'vitest';
import { joinPaths, parseConnectorUrl, requestTarget } from './url';

describe('connector url', () => {
  test('base and path template; default ports; IPv6 in brackets', () => {
    expect(parseConnectorUrl('http://localhost:8080/api/v1/${topic}')).toEqual({
      base: { scheme: 'http', host: 'localhost', port: 8080, origin: 'http://localhost:8080' },
      path: '/api/v1/${topic}',
    });
    expect(parseConnectorUrl('https://example.com').base).toMatchObject({ port: 443, origin: 'https://example.com:443' });
    expect(parseConnectorUrl('HTTP://example.com').base).toMatchObject({ scheme: 'http', port: 80 });
    expect(parseConnectorUrl('http://[::1]:9000/x')).toMatchObject({ base: { host: '::1', origin: 'http://[::1]:9000' }, path: '/x' });
    expect(parseConnectorUrl('http://h/p?key=${clientid}').path).toBe('/p?key=${clientid}');
  });

  test.each([
    ['localhost:1234/foo', 'Missing host in URL: localhost:1234/foo'],
    ['//localhost:1234/foo', 'Missing scheme in URL: //localhost:1234/foo'],
    ['http://user:pw@localhost/foo', 'Userinfo is not supported in URL: http://user:pw@localhost/foo'],
    ['http://localhost/foo#part', 'Fragments are not supported in URL: http://localhost/foo#part'],
    ['ftp://localhost/foo', 'Invalid URL: ftp://localhost/foo, details: the scheme must be http or https, not ftp'],
    ['http://localhost:12341234/foo', 'Invalid URL: http://localhost:12341234/foo, details: port 12341234 is out of range (1 to 65535)'],
    ['http://${host}:80/foo', 'Invalid URL: http://${host}:80/foo, details: the host must be a name or an address, without variables'],
  ])('%s is refused: %s', (url, message) => {
    expect(() => parseConnectorUrl(url)).toThrow(expect.objectContaining({ statusCode: 400, code: 'BAD_REQUEST', message }));
  });
});

describe('join_paths', () => {
  test.each([
    ['abc', 'cde', 'abc/cde'],
    ['abc', '/cde', 'abc/cde'],
    ['abc/', 'cde', 'abc/cde'],
    ['abc/', '/cde', 'abc/cde'],
    ['', '', '/'],
    ['', 'cde', '/cde'],
    ['', '/cde', '/cde'],
    ['/', 'cde', '/cde'],
    ['/', '/cde', '/cde'],
    ['/', '//cde/', '//cde/'],
    ['abc//', '//cde/', 'abc///cde/'],
    ['abc', '?v=1', 'abc?v=1'],
    ['abc/', '?v=1', 'abc/?v=1'],
  ])('%j + %j = %j', (a, b, joined) => expect(joinPaths(a, b)).toBe(joined));

  test('the request target starts with / and carries only sendable bytes', () => {
    expect(requestTarget('')).toBe('/');
    expect(requestTarget('a/b')).toBe('/a/b');
    expect(requestTarget('?x=1')).toBe('/?x=1');
    expect(requestTarget('/room/kitchen 1/température')).toBe('/room/kitchen%201/temp%C3%A9rature');
  });
});
