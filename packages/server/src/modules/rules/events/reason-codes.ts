// MQTT 5 reason codes by the names EMQX gives them in rule columns (client_connack / check_authn_complete reason_code).
const NAMES: Record<number, string> = {
  0x00: 'success',
  0x80: 'unspecified_error',
  0x81: 'malformed_packet',
  0x82: 'protocol_error',
  0x83: 'implementation_specific_error',
  0x84: 'unsupported_protocol_version',
  0x85: 'client_identifier_not_valid',
  0x86: 'bad_username_or_password',
  0x87: 'not_authorized',
  0x88: 'server_unavailable',
  0x89: 'server_busy',
  0x8a: 'banned',
  0x8c: 'bad_authentication_method',
  0x90: 'topic_name_invalid',
  0x95: 'packet_too_large',
  0x97: 'quota_exceeded',
  0x99: 'payload_format_invalid',
  0x9a: 'retain_not_supported',
  0x9b: 'qos_not_supported',
  0x9c: 'use_another_server',
  0x9d: 'server_moved',
  0x9f: 'connection_rate_exceeded',
};

export function reasonName(code: number): string {
  return NAMES[code] ?? 'unknown_error';
}
