// EMQX 5.8 error codes with their catalogue descriptions (GET /error_codes), in EMQX's order.
export const ERROR_CODES = {
  BAD_USERNAME_OR_PWD: 'Bad username or password',
  BAD_API_KEY_OR_SECRET: 'Bad API key or secret',
  BAD_REQUEST: 'Request parameters are invalid',
  NOT_MATCH: 'Conditions are not matched',
  ALREADY_EXISTS: 'Resource already existed',
  BAD_CONFIG_SCHEMA: 'Configuration data is invalid',
  BAD_LISTENER_ID: 'Bad listener ID',
  BAD_NODE_NAME: 'Bad Node Name',
  BAD_RPC: 'RPC Failed. Check the cluster status and the requested node status',
  BAD_TOPIC: 'Topic syntax error, Topic needs to comply with the MQTT protocol standard',
  EXCEED_LIMIT: 'Create resources that exceed the maximum limit or minimum limit',
  INVALID_PARAMETER: 'Request parameters is invalid and exceeds the boundary value',
  CONFLICT: 'Conflicting request resources',
  NO_DEFAULT_VALUE: 'Request parameters do not use default values',
  DEPENDENCY_EXISTS: 'Resource is dependent by another resource',
  MESSAGE_ID_SCHEMA_ERROR: 'Message ID parsing error',
  INVALID_ID: 'Bad ID schema',
  MESSAGE_ID_NOT_FOUND: 'Message ID does not exist',
  NOT_FOUND: 'Resource was not found or does not exist',
  CLIENTID_NOT_FOUND: 'Client ID was not found or does not exist',
  CLIENT_NOT_FOUND: 'Client was not found or does not exist(usually not a MQTT client)',
  RESOURCE_NOT_FOUND: 'Resource not found',
  TOPIC_NOT_FOUND: 'Topic not found',
  USER_NOT_FOUND: 'User not found',
  INTERNAL_ERROR: 'Server inter error',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  SOURCE_ERROR: 'Source error',
  UPDATE_FAILED: 'Update failed',
  REST_FAILED: 'Reset source or config failed',
  CLIENT_NOT_RESPONSE: 'Client not responding',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
} as const;

/** Catalogue codes plus the ones individual handlers use (API.md §2.4). */
export type ErrorCode =
  | keyof typeof ERROR_CODES
  | 'TOKEN_TIME_OUT'
  | 'BAD_TOKEN'
  | 'AUTHORIZATION_HEADER_ERROR'
  | 'API_KEY_NOT_ALLOW'
  | 'UNAUTHORIZED_ROLE'
  | 'WRONG_TOKEN_OR_USERNAME'
  | 'NOT_ALLOWED'
  | 'ERROR_PWD_NOT_MATCH'
  | 'NODE_DOWN'
  | 'UNKNOWN_ERROR'
  | 'CLIENT_SHUTDOWN'
  | 'NOT_IMPLEMENTED'
  | 'PARAM_ERROR'
  | 'INVALID_PARAMS'
  | 'DUPLICATE_CONDITION'
  | 'BAD_TYPE'
  | 'NODE_ERROR'
  | 'INVALID_ACCEPT'
  | 'BAD_NODE'
  | 'INVALID_CONFIG'
  | 'RULE_NOT_FOUND'
  | 'TEST_FAILED'
  | 'INVALID_PARAMTER'
  | 'LOGIN_LOCKED';
