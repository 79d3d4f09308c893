// The authenticators a gateway takes (the spec's table) and the check of an authenticator body, with the
// authentication module's kinds (hashing, JWT, external backends are its code).
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import type { GatewayService, Loaded } from './gateways.service';
import { authenticatorId, authnKind, type AuthnConfig } from '../authentication/backends';

type Raw = Record<string, unknown>;
const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** Authenticators each gateway may have (the spec's table: JWT for STOMP, CoAP, ExProto; MQTT-SN and LwM2M HTTP only). */
const PASSWORD_BACKENDS = ['built_in_database', 'mysql', 'mongodb', 'postgresql', 'http', 'redis'];
export function allowedAuthn(gateway: string): string[] {
  if (gateway === 'mqttsn' || gateway === 'lwm2m') return ['password_based:http'];
  return [...PASSWORD_BACKENDS.map((b) => `password_based:${b}`), 'jwt'];
}

/** an authenticator body → its normalized config; 400 for a kind this gateway does not take */
export function normalizeAuthn(name: string, raw: unknown): AuthnConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('The authentication must be an object with mechanism (and backend)');
  const r = raw as Raw;
  const { id: _id, chain_name: _c, ...rest } = r;
  void _id;
  void _c;
  const kind = authenticatorId(rest);
  if (!allowedAuthn(name).includes(kind)) throw bad(`The ${name} gateway does not take the authenticator ${kind}; it takes ${allowedAuthn(name).join(', ')}`);
  return authnKind(kind).normalize(rest);
}

/** (re)builds the gateway's authenticator and those of its listeners (used instead of the gateway's) from the stored configs */
export async function buildAuthenticators(app: FastifyInstance, svc: GatewayService, gw: Loaded): Promise<void> {
  const old = [gw.authn, ...gw.listenerAuthn.values()];
  gw.authn = undefined;
  gw.listenerAuthn.clear();
  for (const o of old) await o?.backend.close();
  const make = (config: AuthnConfig, key: string) => ({ id: authenticatorId(config), backend: authnKind(authenticatorId(config)).create(key, config, { users: app.authnUsers }) });
  const config = svc.authnConfig(gw.name);
  if (config) gw.authn = make(config, svc.usersKey(gw.name));
  for (const l of svc.listenersOf(gw.name)) {
    if (l.stored.authentication) gw.listenerAuthn.set(l.id, make(l.stored.authentication as AuthnConfig, svc.usersKey(gw.name, l.id)));
  }
}

/** POST/PUT …/authentication of a gateway or one of its listeners; the previous config stays when the new one fails */
export async function setAuthn(app: FastifyInstance, svc: GatewayService, name: string, raw: unknown, mode: 'add' | 'update', listenerId?: string): Promise<AuthnConfig> {
  const gw = svc.need(name);
  const current = svc.authnConfig(name, listenerId);
  if (mode === 'add' && current) throw bad(`The authentication already exist on ${listenerId ?? name}`);
  if (mode === 'update' && !current) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `The authentication not found on ${listenerId ?? name}`);
  const config = normalizeAuthn(name, raw);
  const prev = structuredClone(svc.stored(name));
  svc.authnHolder(name, listenerId).authentication = config;
  try {
    await buildAuthenticators(app, svc, gw);
  } catch (err) {
    svc.restore(name, prev);
    await buildAuthenticators(app, svc, gw).catch(() => undefined);
    throw err instanceof ApiError ? err : bad(`Bad authentication config: ${(err as Error).message}`);
  }
  svc.persist();
  return config;
}

/** DELETE …/authentication: the authenticator and its built-in users go */
export async function removeAuthn(app: FastifyInstance, svc: GatewayService, name: string, listenerId?: string): Promise<void> {
  const gw = svc.need(name);
  const holder = svc.authnHolder(name, listenerId);
  if (!holder.authentication) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `The authentication not found on ${listenerId ?? name}`);
  delete holder.authentication;
  await buildAuthenticators(app, svc, gw);
  app.authnUsers.deleteAll(svc.usersKey(name, listenerId));
  svc.persist();
}
