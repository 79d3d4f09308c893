import type { ReactNode } from 'react';
import { Alert, Button, Spin } from 'antd';
import type { Resources } from '../../i18n/resources';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../PageSection';
import type { FieldSpec } from './fieldSpec';
import { SettingsForm, type FormSection } from './SettingsForm';
import '../../features/mqtt-settings/mqtt-settings.messages';

type AnyConfig = Record<string, unknown>;

/** T: the loaded object, which the form sends back with the edited fields (SettingsForm keeps its type). */
interface Props<T> {
  name: string;
  title: string;
  component: string;
  fields: FieldSpec[];
  query: UseQueryResult<T | undefined>;
  save: UseMutationResult<unknown, Error, T>;
  /** Shown above the form. */
  notice?: ReactNode;
  ns?: keyof Resources;
  sections?: FormSection[];
}

/** Loading, load error with retry, then the form over the loaded object. */
export function SettingsScreen<T extends object = AnyConfig>({ name, title, component, fields, query, save, notice, ns = 'mqttSettings', sections }: Props<T>) {
  const { t } = useTranslation(['mqttSettings', 'common']);
  return (
    <PageSection title={title}>
      {notice}
      {query.isLoading && <Spin />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      )}
      {query.data && (
        <SettingsForm
          name={name}
          ns={ns}
          component={component}
          fields={fields}
          value={query.data}
          onSave={(next) => save.mutateAsync(next)}
          saving={save.isPending}
          sections={sections}
        />
      )}
    </PageSection>
  );
}
