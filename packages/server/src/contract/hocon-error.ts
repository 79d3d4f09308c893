// EMQX's text of a refused HOCON check, for routes that answer it as EMQX does.
// emqx_dashboard_swagger:translate_req catches what hocon_tconf:check_plain throws and answers
// 400 {code: BAD_REQUEST, message: emqx_utils:readable_error_msg(Error)}: the first error map of hocon (the list when
// there are several), stack trace dropped, as JSON by emqx_logger_jsonfmt:best_effort_json(_, []), i.e. jiffy over
// Erlang maps, so the keys of every object come out in descending byte order
// (`{"value":…,"reason":…,"path":…,"kind":"validation_error"}`).

type Json = Record<string, unknown>;

/** One hocon error map: `kind` is added by hocon_tconf (validation_errs/2) next to the path and the reason. */
export interface HoconCheckError {
  path: string;
  reason: unknown;
  value?: unknown;
  [key: string]: unknown;
}

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** jiffy's order for a small Erlang map: keys descending, at every depth; undefined values left out */
export function jiffyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jiffyOrder);
  if (!isObj(value)) return value;
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort((a, b) => Buffer.compare(Buffer.from(b), Buffer.from(a)));
  return Object.fromEntries(keys.map((k) => [k, jiffyOrder(value[k])]));
}

/** the error map as hocon builds it: `kind: validation_error` with the given keys */
export const validationError = (e: HoconCheckError): Json => ({ kind: 'validation_error', ...e });

/** readable_error_msg of hocon's thrown errors: the one map, or the list of them */
export function hoconMessage(errors: HoconCheckError | HoconCheckError[]): string {
  const list = (Array.isArray(errors) ? errors : [errors]).map(validationError);
  return JSON.stringify(jiffyOrder(list.length === 1 ? list[0] : list));
}
