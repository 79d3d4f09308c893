// What differs between the action and source screens: paths, schema, and texts. Everything else is shared.
import { useTranslation } from 'react-i18next';
import type { SchemaKind } from '../../../shared/schema-form/schema';
import type { BridgeKind } from '../bridges.api';
import '../actions.messages';
import '../../sources/sources.messages';

export const BASE: Record<BridgeKind, string> = { actions: '/rule/actions', sources: '/rule/source' };
export const SCHEMA_KIND: Record<BridgeKind, SchemaKind> = { actions: 'action', sources: 'source' };

export function useKindTexts(kind: BridgeKind) {
  const { t } = useTranslation(['actions', 'sources', 'common']);
  const actions = kind === 'actions';
  return {
    title: actions ? t('actions:title') : t('sources:title'),
    create: actions ? t('actions:createAction') : t('sources:createSource'),
    notFound: actions ? t('actions:notFound') : t('sources:notFound'),
    deleteConfirm: (id: string) => (actions ? t('actions:deleteConfirm', { id }) : t('sources:deleteConfirm', { id })),
    /** the dialog when rules use it: actions are removed from them on confirmation, sources are not deleted */
    deleteWithRules: actions ? t('actions:deleteWithRules') : t('sources:deleteBlocked'),
    updateTip: actions ? t('actions:updateActionTip') : t('sources:updateSourceTip'),
  };
}
