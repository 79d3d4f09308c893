// Checks of request/config values typed `unknown` that narrow them, so callers need no `as`.

/** `list.includes(v)` that narrows `v` to the list's element type */
export const isOneOf = <T>(list: readonly T[], v: unknown): v is T => list.some((x) => x === v);

/** `Number.isInteger(v)` that narrows `v` to number */
export const isInteger = (v: unknown): v is number => Number.isInteger(v);
