// CONNACK return codes (MQTT 3.1 / 3.1.1) and the MQTT 5 reason-code table, in both languages.
// The store stays language-free: it records (protocol version, code) and the UI turns that into text here.
import type { ProtocolVersion } from './settings';

type Text = { en: string; zh: string };

/** MQTT 3.1 / 3.1.1 CONNACK return codes (spec §3.2.2.3). */
export const V3_CONNACK_REASONS: Readonly<Record<number, Text>> = {
  0: { en: 'accepted', zh: '连接已接受' },
  1: { en: 'unsupported protocol version', zh: '不支持的协议版本' },
  2: { en: 'identifier rejected', zh: '客户端标识符被拒绝' },
  3: { en: 'server unavailable', zh: '服务端不可用' },
  4: { en: 'bad credentials', zh: '用户名或密码错误' },
  5: { en: 'not authorized', zh: '未授权' },
};

/** The full MQTT 5 reason-code table (spec §2.4), shared by CONNACK, SUBACK, PUBACK and DISCONNECT. */
export const V5_REASONS: Readonly<Record<number, Text>> = {
  0x00: { en: 'success', zh: '成功' },
  0x01: { en: 'granted QoS 1', zh: '授予 QoS 1' },
  0x02: { en: 'granted QoS 2', zh: '授予 QoS 2' },
  0x04: { en: 'disconnect with will message', zh: '断开连接并发送遗嘱消息' },
  0x10: { en: 'no matching subscribers', zh: '没有匹配的订阅者' },
  0x11: { en: 'no subscription existed', zh: '订阅不存在' },
  0x18: { en: 'continue authentication', zh: '继续认证' },
  0x19: { en: 're-authenticate', zh: '重新认证' },
  0x80: { en: 'unspecified error', zh: '未指明的错误' },
  0x81: { en: 'malformed packet', zh: '报文格式错误' },
  0x82: { en: 'protocol error', zh: '协议错误' },
  0x83: { en: 'implementation specific error', zh: '实现特定错误' },
  0x84: { en: 'unsupported protocol version', zh: '不支持的协议版本' },
  0x85: { en: 'client identifier not valid', zh: '客户端标识符无效' },
  0x86: { en: 'bad user name or password', zh: '用户名或密码错误' },
  0x87: { en: 'not authorized', zh: '未授权' },
  0x88: { en: 'server unavailable', zh: '服务端不可用' },
  0x89: { en: 'server busy', zh: '服务端繁忙' },
  0x8a: { en: 'banned', zh: '已被禁止' },
  0x8b: { en: 'server shutting down', zh: '服务端正在关闭' },
  0x8c: { en: 'bad authentication method', zh: '认证方法错误' },
  0x8d: { en: 'keep alive timeout', zh: '保活超时' },
  0x8e: { en: 'session taken over', zh: '会话被接管' },
  0x8f: { en: 'topic filter invalid', zh: '主题过滤器无效' },
  0x90: { en: 'topic name invalid', zh: '主题名无效' },
  0x91: { en: 'packet identifier in use', zh: '报文标识符已被占用' },
  0x92: { en: 'packet identifier not found', zh: '报文标识符未找到' },
  0x93: { en: 'receive maximum exceeded', zh: '超出接收最大值' },
  0x94: { en: 'topic alias invalid', zh: '主题别名无效' },
  0x95: { en: 'packet too large', zh: '报文过大' },
  0x96: { en: 'message rate too high', zh: '消息速率过高' },
  0x97: { en: 'quota exceeded', zh: '超出配额' },
  0x98: { en: 'administrative action', zh: '管理操作' },
  0x99: { en: 'payload format invalid', zh: '载荷格式无效' },
  0x9a: { en: 'retain not supported', zh: '不支持保留消息' },
  0x9b: { en: 'QoS not supported', zh: '不支持该 QoS' },
  0x9c: { en: 'use another server', zh: '请使用其他服务端' },
  0x9d: { en: 'server moved', zh: '服务端已迁移' },
  0x9e: { en: 'shared subscriptions not supported', zh: '不支持共享订阅' },
  0x9f: { en: 'connection rate exceeded', zh: '超出连接速率限制' },
  0xa0: { en: 'maximum connect time', zh: '超出最大连接时间' },
  0xa1: { en: 'subscription identifiers not supported', zh: '不支持订阅标识符' },
  0xa2: { en: 'wildcard subscriptions not supported', zh: '不支持通配符订阅' },
};

export type Language = 'en' | 'zh';

/** Formats a code as the spec writes it: decimal for v3, 0x-hex for v5. */
export function formatReasonCode(version: ProtocolVersion, code: number): string {
  return version === 5 ? `0x${code.toString(16).toUpperCase().padStart(2, '0')}` : String(code);
}

/** The reason text for a code, or undefined when the table has no entry (the UI then shows the bare code). */
export function reasonText(version: ProtocolVersion, code: number, lang: Language): string | undefined {
  const table = version === 5 ? V5_REASONS : V3_CONNACK_REASONS;
  return table[code]?.[lang];
}

/** 'bad user name or password (0x86)'; unknown codes keep the code so nothing is lost. */
export function describeReason(version: ProtocolVersion, code: number, lang: Language): string {
  const text = reasonText(version, code, lang);
  const formatted = formatReasonCode(version, code);
  return text ? `${text} (${formatted})` : formatted;
}

/** SUBACK/PUBACK codes at or above 0x80 are failures (MQTT 5 §2.4; 0x80 is also v3.1.1's SUBACK failure). */
export function isFailureCode(code: number): boolean {
  return code >= 0x80;
}
