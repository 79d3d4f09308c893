// Form rules of the schema form: EMQX's name rule (emqx_resource:validate_name) checked before the node is asked.
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import './schema-registry.messages';

export const NAME_PATTERN = /^[0-9a-zA-Z][-0-9a-zA-Z_]*$/;

export function useSchemaRules() {
  const { t } = useTranslation('schemaRegistry');
  const name: FormRule[] = [
    { required: true, whitespace: true, message: t('nameRequired') },
    { pattern: NAME_PATTERN, message: t('nameFormat') },
    { max: 254, message: t('nameTooLong') },
  ];
  const source: FormRule[] = [{ required: true, whitespace: true, message: t('sourceRequired') }];
  return { name, source };
}
