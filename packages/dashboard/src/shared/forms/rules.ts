// Form rules with the spec's validation texts (001 §5), shared by every settings and listener form.
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkRate, durationToMs, formatMs, formatSize, percentValue, sizeToBytes } from './units';
import './fields.messages';
import type { fieldsMessages } from './fields.messages';

const empty = (v: unknown) => v === undefined || v === null || v === '';
const fail = (text: string) => Promise.reject(new Error(text));
const ok = () => Promise.resolve();

/**
 * An absolute URL of one of `protocols` with a host, no spaces, and a port (when given) from 1 to 65535. antd's
 * `type: 'url'` wanted two to five port digits and refused `http://127.0.0.1:9/auth`.
 */
export function isUrl(value: string, protocols: readonly string[] = ['http', 'https']): boolean {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^\s/?#]+)[^\s]*$/i.exec(value);
  if (!m || !protocols.includes(m[1].toLowerCase())) return false;
  const port = /:(\d+)$/.exec(m[2]);
  if (port && (Number(port[1]) < 1 || Number(port[1]) > 65535)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

export interface Bounds {
  min?: number;
  max?: number;
}

export function useFieldRules() {
  const { t } = useTranslation(['common', 'configFields']);
  const tf = (k: keyof typeof fieldsMessages, o?: Record<string, unknown>) => t(`configFields:${k}`, o);

  /** 'Input error: the number range is a - b', or the one-sided texts when only one end is set. */
  const bounds = (n: number, { min, max }: Bounds, show: (x: number) => string | number = (x) => x) => {
    if (min !== undefined && max !== undefined && (n < min || n > max)) return fail(t('rangeError', { min: show(min), max: show(max) }));
    if (min !== undefined && n < min) return fail(t('minError', { min: show(min) }));
    if (max !== undefined && n > max) return fail(t('maxError', { max: show(max) }));
    return ok();
  };

  return {
    required: (name: string): FormRule => ({ required: true, message: t('required', { name }) }),

    /** A URL (http or https unless told) as the node accepts it ('Please enter the value in the correct format'). */
    url: (protocols?: readonly string[]): FormRule => ({
      validator: (_r, v: unknown) => (empty(v) || (typeof v === 'string' && isUrl(v.trim(), protocols)) ? ok() : fail(t('formatError'))),
    }),

    /** An integer inside the bounds; a decimal is refused, never rounded (pair it with IntegerInput). */
    integer: (b: Bounds = {}, typeMessage?: string): FormRule => ({
      validator: (_r, v: unknown) => {
        if (empty(v)) return ok();
        if (typeof v !== 'number' || !Number.isInteger(v)) return fail(typeMessage ?? t('typeError', { type: tf('typeInteger') }));
        return bounds(v, b);
      },
    }),

    /** An integer inside the bounds, or the word ('infinity', 'disabled'). */
    integerOr: (word: string, b: Bounds = {}): FormRule => ({
      validator: (_r, v: unknown) => {
        if (empty(v) || v === word) return ok();
        if (typeof v !== 'number' || !Number.isInteger(v)) return fail(t('typeError', { type: tf('typeIntegerOr', { word }) }));
        return bounds(v, b);
      },
    }),

    /** A duration between min and max milliseconds ('Configurable minimum value is 1s'); the allowed words pass. */
    duration: (b: Bounds = {}, words: string[] = []): FormRule => ({
      validator: (_r, v: unknown) => {
        if (empty(v) || words.includes(String(v))) return ok();
        const ms = durationToMs(v);
        if (ms === undefined) return fail(t('formatError'));
        if (b.min !== undefined && ms < b.min) return fail(t('durationMin', { min: formatMs(b.min) }));
        if (b.max !== undefined && ms > b.max) return fail(t('durationMax', { max: formatMs(b.max) }));
        return ok();
      },
    }),

    /** A size ('1MB') inside the bounds in bytes; 'Unit error' for an unknown unit. */
    size: (b: Bounds = {}, words: string[] = []): FormRule => ({
      validator: (_r, v: unknown) => {
        if (empty(v) || words.includes(String(v))) return ok();
        const bytes = sizeToBytes(v);
        if (bytes === undefined) {
          return /^\s*\d+(\.\d+)?\s*[a-z]+\s*$/i.test(String(v)) ? fail(t('unitError', { unit: 'B, KB, MB, GB' })) : fail(t('formatError'));
        }
        return bounds(bytes, b, formatSize);
      },
    }),

    /** '80%': EMQX's percent notation, 0 to 100 as the node reads it ('100.5%' and '180%' are out of range). */
    percent: (): FormRule => ({
      validator: (_r, v: unknown) => {
        if (empty(v)) return ok();
        const n = percentValue(v);
        return n === undefined ? fail(t('formatError')) : bounds(n, { min: 0, max: 100 });
      },
    }),

    /** '1000/s', '10MB/s' or 'infinity' (which disables the limit); `positive` also refuses '0/s'. */
    rate: (positive = false): FormRule => ({
      validator: (_r, v: unknown) => {
        if (empty(v) || v === 'infinity') return ok();
        const r = typeof v === 'string' ? checkRate(v) : undefined;
        return r?.ok && !(positive && r.amount === 0) ? ok() : fail(tf('rateFormat'));
      },
    }),
  };
}
