// Integration › Schema Validation: the validations in the order they run, with enable, move up / down (the order
// is saved at once through /schema_validations/reorder), Settings and Delete each (ordered-checks/OrderedChecksList,
// shared with Message Transform); its own column is the validation strategy.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteValidationMutation, useEnableValidationMutation, useReorderValidationsMutation, useValidationsQuery } from './schema-validation.api';
import type { Validation } from './schema-validation.types';
import { OrderedChecksList, entryPath } from './ordered-checks/OrderedChecksList';
import './schema-validation.messages';

export const LIST_PATH = '/schema-validation';
export const detailPath = (name: string) => entryPath(LIST_PATH, name);

export default function SchemaValidationPage() {
  const { t } = useTranslation('schemaValidation');
  const columns: TableColumnsType<Validation> = [
    { title: t('validationStrategy'), dataIndex: 'strategy', render: (s: Validation['strategy']) => (s === 'all_pass' ? t('allPass') : t('anyPass')) },
  ];
  return (
    <OrderedChecksList<Validation>
      ns="schemaValidation"
      listPath={LIST_PATH}
      list={useValidationsQuery()}
      remove={useDeleteValidationMutation()}
      enable={useEnableValidationMutation()}
      reorder={useReorderValidationsMutation()}
      columns={columns}
    />
  );
}
