import { ApiError } from '../../errors';

/** The route's body schema already refuses a missing body (Fastify validates `undefined` too); this keeps the type honest. */
export function given<B>(body: B | undefined): B {
  if (body === undefined) throw new ApiError(400, 'BAD_REQUEST', 'body: must be object');
  return body;
}
