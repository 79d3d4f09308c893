// The one place that turns a failed request into what the operator reads (issue 20 item 7). The node answers
// `{code, message}` ('ALREADY_EXISTS', 'User already exists'); operators read a plain sentence in their language,
// and the code stays in the details (`errorDetails`: the toast's tooltip, the console log). Every error toast
// (app/queryClient) and every load-error alert of the console goes through `errorText`.
import { ApiRequestError, NetworkError } from '../api/errors';
import { i18n } from '../i18n/i18n';

interface Text {
  en: string;
  zh: string;
}

/**
 * Per code: `{{message}}` is the node's own sentence (specific, and English: the node has no other language), used
 * where it says what went wrong; `fallback` when the node sent none.
 */
const TEXTS: Record<string, Text & { fallback?: Text }> = {
  ALREADY_EXISTS: { en: '{{message}}', zh: '已存在相同的项，请换一个名称。', fallback: { en: 'It already exists: choose another name.', zh: '已存在相同的项，请换一个名称。' } },
  ERROR_PWD_NOT_MATCH: { en: 'The current password is not correct.', zh: '当前密码不正确。' },
  BAD_USERNAME_OR_PWD: { en: 'Wrong username or password.', zh: '用户名或密码错误。' },
  USER_NOT_FOUND: { en: 'The user does not exist.', zh: '用户不存在。' },
  CLIENTID_NOT_FOUND: { en: 'The client is not connected, or no longer exists.', zh: '客户端未连接或已不存在。' },
  MESSAGE_NOT_FOUND: { en: 'The message no longer exists.', zh: '消息已不存在。' },
  TOPIC_NOT_FOUND: { en: 'The topic does not exist.', zh: '主题不存在。' },
  BAD_TOKEN: { en: 'Your login has expired. Please log in again.', zh: '登录已过期，请重新登录。' },
  TOKEN_TIME_OUT: { en: 'Your login has expired. Please log in again.', zh: '登录已过期，请重新登录。' },
  UNAUTHORIZED_ROLE: { en: 'Your role is not allowed to do this.', zh: '当前角色无权执行此操作。' },
  NOT_ALLOWED: { en: 'This is not allowed: {{message}}', zh: '不允许此操作：{{message}}', fallback: { en: 'This is not allowed.', zh: '不允许此操作。' } },
  API_KEY_NOT_ALLOW: { en: 'An API key is not allowed to do this.', zh: 'API 密钥无权执行此操作。' },
  LOGIN_LOCKED: {
    en: 'Too many failed logins: {{message}}',
    zh: '登录失败次数过多：{{message}}',
    fallback: { en: 'Too many failed logins: try again later.', zh: '登录失败次数过多，请稍后再试。' },
  },
  EXCEED_LIMIT: { en: 'A limit was reached: {{message}}', zh: '已达到上限：{{message}}', fallback: { en: 'A limit was reached.', zh: '已达到上限。' } },
  NOT_FOUND: { en: '{{message}}', zh: '未找到：{{message}}', fallback: { en: 'It was not found.', zh: '未找到。' } },
  BAD_REQUEST: { en: '{{message}}', zh: '请求未被接受：{{message}}', fallback: { en: 'The request was refused.', zh: '请求未被接受。' } },
  INVALID_PARAMETER: { en: '{{message}}', zh: '参数无效：{{message}}', fallback: { en: 'A value is not valid.', zh: '参数无效。' } },
  INVALID_PARAMTER: { en: '{{message}}', zh: '参数无效：{{message}}', fallback: { en: 'A value is not valid.', zh: '参数无效。' } },
  INVALID_TOPIC_NAME: { en: 'The topic is not valid: {{message}}', zh: '主题无效：{{message}}', fallback: { en: 'The topic is not valid.', zh: '主题无效。' } },
  UPDATE_FAILED: { en: 'The change was not saved: {{message}}', zh: '保存失败：{{message}}', fallback: { en: 'The change was not saved.', zh: '保存失败。' } },
  TEST_FAILED: { en: 'The test failed: {{message}}', zh: '测试失败：{{message}}', fallback: { en: 'The test failed.', zh: '测试失败。' } },
  SERVICE_UNAVAILABLE: { en: 'The node is not available: {{message}}', zh: '节点暂不可用：{{message}}', fallback: { en: 'The node is not available.', zh: '节点暂不可用。' } },
  INTERNAL_ERROR: { en: 'The node could not do it: {{message}}', zh: '节点无法完成请求：{{message}}', fallback: { en: 'The node could not do it.', zh: '节点无法完成请求。' } },
};
const OTHER: Text & { fallback: Text } = {
  en: '{{message}}',
  zh: '操作失败：{{message}}',
  fallback: { en: 'The request failed (HTTP {{status}}).', zh: '请求失败（HTTP {{status}}）。' },
};
const NETWORK: Text = { en: 'Network Error', zh: '网络错误' };
const UNKNOWN: Text = { en: 'Operation failed', zh: '操作失败' };

function lang(): 'en' | 'zh' {
  return i18n.language?.startsWith('zh') ? 'zh' : 'en';
}

/** 'old password not match' → 'Old password not match': the node's sentence as a sentence. */
function sentence(message: string): string {
  const m = message.trim();
  return m.charAt(0).toUpperCase() + m.slice(1);
}

type Json = Record<string, unknown>;

/** one of hocon's error maps as a sentence: `root.` (a body checked as a whole) is left out of the field's path */
function hoconSentence(err: Json): string {
  const path = String(err.path ?? '').replace(/^root(\.|$)/, '');
  const field = (text: string) => (path ? `${path}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1));
  const value = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
  const reason = err.reason;
  if (reason === 'required_field') return `${path || 'A value'} is required`;
  if (reason === 'unknown_fields') return field(`unknown field ${String(err.unknown)}`);
  if (reason === 'unable_to_convert_to_enum_symbol' || reason === 'not_a_enum_symbol') return field(`${value(err.value)} is not one of the accepted values`);
  if (reason === 'matched_no_union_member') return field('the value matches none of the accepted forms');
  if (reason === 'bad_value_for_struct') return field('expected an object');
  if (err.expected_data_type !== undefined) return field(`expected ${String(err.expected_data_type)}`);
  if (reason !== null && typeof reason === 'object' && 'expected' in reason) {
    return field(`expected ${String((reason as Json).expected)}${'value' in err ? `, got ${value(err.value)}` : ''}`);
  }
  return field(typeof reason === 'string' ? reason : JSON.stringify(reason));
}

/**
 * EMQX answers a refused check with hocon's error map as JSON text (`{"kind":"validation_error","path":"root.vm.busy_port",
 * "reason":{"expected":"boolean()"},"value":"x"}`, or a list of them); the operator reads it as sentences. Any other
 * message is the node's own sentence, kept as it is.
 */
export function readableMessage(message: string): string {
  const m = message.trim();
  if (!/^[[{]/.test(m)) return m;
  let parsed: unknown;
  try {
    parsed = JSON.parse(m);
  } catch {
    return m;
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const isHocon = (x: unknown): x is Json => x !== null && typeof x === 'object' && (x as Json).kind === 'validation_error';
  return list.length > 0 && list.every(isHocon) ? list.map(hoconSentence).join('; ') : m;
}

/** What the operator reads about a failed request: a plain sentence in the console's language, no code. */
export function errorText(e: unknown): string {
  const l = lang();
  if (e instanceof ApiRequestError) {
    const text = (e.code && TEXTS[e.code]) || OTHER;
    const raw = e.message?.trim() ?? '';
    const message = readableMessage(raw);
    const template = text[l].includes('{{message}}') && !message ? (text.fallback ?? OTHER.fallback)[l] : text[l];
    // the node's sentence opens the text: capitalised; after our own words it is quoted as it came. Sentences read
    // from hocon's errors open with a field's path, kept as it is spelled
    const inserted = template.startsWith('{{message}}') && message === raw ? sentence(message) : message;
    return template.replace('{{message}}', inserted).replace('{{status}}', String(e.status));
  }
  if (e instanceof NetworkError) return NETWORK[l];
  if (e instanceof Error && e.message) return e.message;
  return UNKNOWN[l];
}

/** The details kept for whoever looks further: `CODE: message` as the node answered, HTTP status otherwise. */
export function errorDetails(e: unknown): string | undefined {
  if (e instanceof ApiRequestError) return [e.code || `HTTP ${e.status}`, e.message].filter(Boolean).join(': ');
  return undefined;
}
