// This process is a one-node cluster: every `{node}` path parameter must name it.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

/** 404 `Node not found: <node>` unless `node` is this node (EMQX's answer for unknown or stopped nodes). */
export function assertNode(app: FastifyInstance, node: string): void {
  if (node !== app.nodeName) throw new ApiError(404, 'NOT_FOUND', `Node not found: ${node}`);
}
