// POST /trace: name, type and the matching filter, start and end (default: now and 30 minutes later, as the
// official console), payload encoding and log format.
import { useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { useCreateTraceMutation, type TraceType } from '../log-trace.api';
import { ENCODES, FORMATTERS, TRACE_TYPES, encodeLabel, formatterLabel, traceTypeLabel } from '../log-trace.labels';
import { filterRules, nameRules, timeRangeRule } from '../log-trace.rules';

interface Values {
  name: string;
  type: TraceType;
  filter: string;
  range: [Dayjs | null, Dayjs | null] | null;
  payload_encode: (typeof ENCODES)[number];
  formatter: (typeof FORMATTERS)[number];
}

const DEFAULT_DURATION_MIN = 30;

export function CreateTraceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['logTrace', 'common']);
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 'clientid';
  const create = useCreateTraceMutation();
  const initial = useMemo<Partial<Values> | undefined>(() => {
    if (!open) return undefined;
    const now = dayjs();
    return { type: 'clientid', payload_encode: 'text', formatter: 'text', range: [now, now.add(DEFAULT_DURATION_MIN, 'minute')] };
  }, [open]);

  const submit = (v: Values) =>
    create.mutateAsync({
      name: v.name.trim(),
      type: v.type,
      [v.type]: v.filter.trim(),
      start_at: v.range![0]!.toISOString(),
      end_at: v.range![1]!.toISOString(),
      payload_encode: v.payload_encode,
      formatter: v.formatter,
    });

  return (
    <FormModal<Values>
      open={open}
      editing={false}
      title={t('createTitle')}
      form={form}
      name="createTrace"
      initialValues={initial}
      onSubmit={submit}
      successMessage={t('createSuccess')}
      onClose={onClose}
      requiredMark
    >
      <Form.Item name="name" label={t('name')} rules={nameRules(t)}>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
        <Select options={TRACE_TYPES.map((v) => ({ value: v, label: traceTypeLabel(t, v) }))} />
      </Form.Item>
      <Form.Item name="filter" label={traceTypeLabel(t, type)} rules={filterRules(t, type, traceTypeLabel(t, type))}>
        <Input placeholder={type === 'topic' ? 't/#' : undefined} />
      </Form.Item>
      <Form.Item name="range" label={t('startEndTime')} rules={[timeRangeRule(t)]} required>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} placeholder={[t('startTime'), t('endTime')]} />
      </Form.Item>
      <Form.Item name="formatter" label={t('formatter')}>
        <Select options={FORMATTERS.map((v) => ({ value: v, label: formatterLabel(t, v) }))} />
      </Form.Item>
      <Form.Item name="payload_encode" label={t('payloadEncode')}>
        <Select options={ENCODES.map((v) => ({ value: v, label: encodeLabel(t, v) }))} />
      </Form.Item>
    </FormModal>
  );
}
