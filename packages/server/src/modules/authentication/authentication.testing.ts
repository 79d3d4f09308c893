// Test helper (imported by the authentication tests only): the built-in password database authenticator as the
// chain tests create it, salted sha256 so that user_id_type and the salt position are what a test checks.
import type { TestNode } from '../../../test/test-node';
import { api, type ApiResponse } from '../../shared/testing';

export const BUILT_IN = 'password_based:built_in_database';

export function createBuiltIn(node: TestNode, userIdType: 'username' | 'clientid', saltPosition: 'prefix' | 'suffix'): Promise<ApiResponse> {
  return api(node, 'POST', '/authentication', {
    mechanism: 'password_based',
    backend: 'built_in_database',
    user_id_type: userIdType,
    password_hash_algorithm: { name: 'sha256', salt_position: saltPosition },
  });
}
