// Rules of the row-list fields: mqueue priorities (1..255, EMQX's text) and client attributes (unique names).
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from './RowsInput';

const fail = (text: string) => Promise.reject(new Error(text));

export function useRowRules() {
  const { t } = useTranslation(['configFields', 'common']);
  const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
  return {
    priorities: (): FormRule => ({
      validator: (_r, rows: Row[] | undefined) => {
        for (const r of rows ?? []) {
          if (blank(r.topic) || blank(r.priority)) return fail(t('common:completeTable'));
          const p = r.priority;
          if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 255) return fail(t('priorityRange'));
        }
        const topics = (rows ?? []).map((r) => String(r.topic).trim());
        return new Set(topics).size === topics.length ? Promise.resolve() : fail(t('duplicatedTopic'));
      },
    }),
    clientAttrs: (): FormRule => ({
      validator: (_r, rows: Row[] | undefined) => {
        if ((rows ?? []).some((r) => blank(r.expression) || blank(r.set_as_attr))) return fail(t('common:completeTable'));
        const names = (rows ?? []).map((r) => String(r.set_as_attr).trim());
        return new Set(names).size === names.length ? Promise.resolve() : fail(t('duplicatedAttribute'));
      },
    }),
  };
}

/** 'disabled' | {topic: priority} ↔ rows. */
export const prioritiesToRows = (v: unknown): Row[] =>
  v && typeof v === 'object' ? Object.entries(v as Record<string, number>).map(([topic, priority]) => ({ topic, priority })) : [];
export const rowsToPriorities = (rows: Row[] | undefined): 'disabled' | Record<string, number> =>
  rows && rows.length ? Object.fromEntries(rows.map((r) => [String(r.topic).trim(), Number(r.priority)])) : 'disabled';
