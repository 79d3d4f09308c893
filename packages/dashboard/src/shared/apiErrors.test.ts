// Issue 20 item 7: 'ALREADY_EXISTS: User already exists' reached the operator. Plain sentences in both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, NetworkError } from '../api/errors';
import { i18n } from '../i18n/i18n';
import { errorDetails, errorText } from './apiErrors';

const err = (code: string, message: string, status = 400) => new ApiRequestError(status, code, message);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('errorText', () => {
  it('says what the issue saw in plain English, without the code', () => {
    expect(errorText(err('ALREADY_EXISTS', 'User already exists'))).toBe('User already exists');
    expect(errorText(err('ERROR_PWD_NOT_MATCH', 'Old password not match'))).toBe('The current password is not correct.');
    expect(errorText(err('BAD_REQUEST', 'Listener tcp:qa-1 cannot bind 0.0.0.0:1883: address in use'))).toBe('Listener tcp:qa-1 cannot bind 0.0.0.0:1883: address in use');
    expect(errorText(err('UPDATE_FAILED', 'mqtt.max_qos_allowed: bad'))).toBe('The change was not saved: mqtt.max_qos_allowed: bad');
    expect(errorText(err('SOMETHING_NEW', 'odd thing', 500))).toBe('Odd thing');
    expect(errorText(err('NOT_FOUND', '', 404))).toBe('It was not found.');
    expect(errorText(new NetworkError())).toBe('Network Error');
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    expect(errorText(err('ALREADY_EXISTS', 'User already exists'))).toBe('已存在相同的项，请换一个名称。');
    expect(errorText(err('ERROR_PWD_NOT_MATCH', 'Old password not match'))).toBe('当前密码不正确。');
    expect(errorText(err('BAD_REQUEST', 'Listener tcp:qa-1 cannot bind'))).toBe('请求未被接受：Listener tcp:qa-1 cannot bind');
    expect(errorText(new NetworkError())).toBe('网络错误');
    for (const e of [err('ALREADY_EXISTS', 'x'), err('ERROR_PWD_NOT_MATCH', 'x'), err('BAD_REQUEST', 'x'), err('UNKNOWN_CODE', 'x', 500)]) {
      expect(errorText(e)).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
    }
  });

  // EMQX's BAD_REQUEST of a hocon check carries hocon's error map as JSON text (emqx_dashboard_swagger); so does this node
  it("reads hocon's error text as sentences; the details keep it as it came", () => {
    const hocon = (o: unknown) => err('BAD_REQUEST', JSON.stringify(o));
    expect(errorText(hocon({ value: 'x', reason: { expected: 'boolean()' }, path: 'root.vm.busy_port', kind: 'validation_error' }))).toBe(
      'vm.busy_port: expected boolean(), got "x"',
    );
    expect(errorText(hocon({ value: 'loud', reason: 'unable_to_convert_to_enum_symbol', path: 'root.console.level', kind: 'validation_error' }))).toBe(
      'console.level: "loud" is not one of the accepted values',
    );
    expect(errorText(hocon({ unmatched: 'a,b', unknown: 'nope', reason: 'unknown_fields', path: 'root.vm', kind: 'validation_error' }))).toBe('vm: unknown field nope');
    expect(errorText(hocon({ reason: 'required_field', path: 'root.backend', kind: 'validation_error' }))).toBe('backend is required');
    expect(errorText(hocon({ reason: 'matched_no_union_member', path: 'root', mismatches: {}, kind: 'validation_error' }))).toBe('The value matches none of the accepted forms');
    expect(
      errorText(
        hocon([
          { kind: 'validation_error', path: 'mqtt.max_qos_allowed', reason: { expected: 'qos()' }, value: 3 },
          { kind: 'validation_error', path: 'mqtt.max_inflight', reason: 'Priority number must be a number between 1 and 255.' },
        ]),
      ),
    ).toBe('mqtt.max_qos_allowed: expected qos(), got 3; mqtt.max_inflight: Priority number must be a number between 1 and 255.');
    // other JSON, or text that only looks like it, stays as the node sent it
    expect(errorText(err('BAD_REQUEST', '{"errors":"x"}'))).toBe('{"errors":"x"}');
    expect(errorText(err('BAD_REQUEST', '[not json'))).toBe('[not json');
    const raw = '{"value":3,"reason":{"expected":"qos()"},"path":"mqtt.max_qos_allowed","kind":"validation_error"}';
    expect(errorDetails(err('BAD_REQUEST', raw))).toBe(`BAD_REQUEST: ${raw}`);
  });

  it('keeps the code and the node message for the details', () => {
    expect(errorDetails(err('ALREADY_EXISTS', 'User already exists'))).toBe('ALREADY_EXISTS: User already exists');
    expect(errorDetails(new ApiRequestError(502, '', 'Bad Gateway'))).toBe('HTTP 502: Bad Gateway');
    expect(errorDetails(new NetworkError())).toBeUndefined();
  });
});
