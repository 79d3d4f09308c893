// Integration › Message Transform › <name>: Overview (matched, succeeded, failed and the rate; reset) and Settings
// (the form; Update sends PUT /message_transformations; Test opens the dry-run drawer), Delete in the header
// (schema-validation/ordered-checks/OrderedCheckDetail, shared with Schema Validation).
import { useMemo, useState } from 'react';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import {
  useDeleteTransformationMutation,
  useResetTransformationMetricsMutation,
  useSaveTransformationMutation,
  useTransformationMetricsQuery,
  useTransformationQuery,
} from './message-transform.api';
import type { Transformation } from './message-transform.types';
import { LIST_PATH } from './MessageTransformPage';
import { TransformForm, toBody } from './components/TransformForm';
import { DryRunDrawer } from './components/DryRunDrawer';
import { OrderedCheckDetail, OrderedCheckLoader, type MetricsHooks } from '../schema-validation/ordered-checks/OrderedCheckDetail';
import './message-transform.messages';

const METRICS: MetricsHooks = { useMetrics: useTransformationMetricsQuery, useReset: useResetTransformationMetricsMutation };

export default function TransformDetailPage() {
  const name = useParams().transformName ?? '';
  return (
    <OrderedCheckLoader ns="messageTransform" listPath={LIST_PATH} query={useTransformationQuery(name)}>
      {(tr) => <TransformDetail transformation={tr} />}
    </OrderedCheckLoader>
  );
}

function TransformDetail({ transformation }: { transformation: Transformation }) {
  const { t } = useTranslation(['messageTransform', 'common']);
  const canWrite = useCanWrite();
  const [form] = Form.useForm<Transformation>();
  const [testing, setTesting] = useState(false);
  const save = useSaveTransformationMutation(true);
  const del = useDeleteTransformationMutation();
  const initialValues = useMemo(() => transformation, [transformation]);
  const read = async () => toBody({ ...(await form.validateFields()), name: transformation.name });
  const flow = useSubmitFlow<Transformation>({
    read,
    send: (body) => save.mutateAsync(body),
    success: t('common:updateSuccess'),
  });
  const settings = (
    <>
      {flow.guard}
      <TransformForm form={form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} />
      <Flex gap="small">
        {canWrite && (
          <Button type="primary" loading={save.isPending} onClick={flow.submit}>
            {t('update')}
          </Button>
        )}
        <Button onClick={() => setTesting(true)}>{t('dryRun')}</Button>
      </Flex>
      <DryRunDrawer open={testing} onClose={() => setTesting(false)} read={read} />
    </>
  );
  return <OrderedCheckDetail ns="messageTransform" listPath={LIST_PATH} name={transformation.name} metrics={METRICS} remove={del} settings={settings} />;
}
