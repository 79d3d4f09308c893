// Integration › Schema Validation › <name>: Overview (matched, passed, failed and the rate; reset) and Settings
// (the form; Update sends PUT /schema_validations), Delete in the header (ordered-checks/OrderedCheckDetail, shared
// with Message Transform).
import { useMemo } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useDeleteValidationMutation, useResetValidationMetricsMutation, useSaveValidationMutation, useValidationMetricsQuery, useValidationQuery } from './schema-validation.api';
import type { Validation } from './schema-validation.types';
import { LIST_PATH } from './SchemaValidationPage';
import { ValidationForm, toBody } from './components/ValidationForm';
import { OrderedCheckDetail, OrderedCheckLoader, type MetricsHooks } from './ordered-checks/OrderedCheckDetail';
import './schema-validation.messages';

const METRICS: MetricsHooks = { useMetrics: useValidationMetricsQuery, useReset: useResetValidationMetricsMutation };

export default function ValidationDetailPage() {
  const name = useParams().validationName ?? '';
  return (
    <OrderedCheckLoader ns="schemaValidation" listPath={LIST_PATH} query={useValidationQuery(name)}>
      {(v) => <ValidationDetail validation={v} />}
    </OrderedCheckLoader>
  );
}

function ValidationDetail({ validation }: { validation: Validation }) {
  const { t } = useTranslation(['schemaValidation', 'common']);
  const canWrite = useCanWrite();
  const [form] = Form.useForm<Validation>();
  const save = useSaveValidationMutation(true);
  const del = useDeleteValidationMutation();
  const initialValues = useMemo(() => validation, [validation]);
  const flow = useSubmitFlow<Validation>({
    read: async () => toBody({ ...(await form.validateFields()), name: validation.name }),
    send: (body) => save.mutateAsync(body),
    success: t('common:updateSuccess'),
  });
  const settings = (
    <>
      {flow.guard}
      <ValidationForm form={form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} />
      {canWrite && (
        <Button type="primary" loading={save.isPending} onClick={flow.submit}>
          {t('update')}
        </Button>
      )}
    </>
  );
  return <OrderedCheckDetail ns="schemaValidation" listPath={LIST_PATH} name={validation.name} metrics={METRICS} remove={del} settings={settings} />;
}
