// System › Audit Log (EMQX Enterprise console /audit-log): every change made through the API, filtered as the node
// filters (source type, operator, IP, operation type, method, result, time range), paged, with a detail drawer.
import { useState } from 'react';
import { Alert, Button, DatePicker, Flex, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client';
import { errorText } from '../../shared/apiErrors';
import { ListPage } from '../../shared/list/ListPage';
import { formatDateTime } from '../../shared/format';
import { useTableQuery } from '../../shared/useTableQuery';
import { AUDIT_DEFAULTS, useAuditQuery, type AuditEntry } from './audit.api';
import { AuditDetail, ResultTag } from './AuditDetail';
import './audit.messages';

const FROM = ['dashboard', 'rest_api', 'cli', 'erlang_console'] as const;
const METHODS = ['post', 'put', 'delete'] as const;

export default function AuditPage() {
  const { t } = useTranslation(['audit', 'common']);
  const [query, setQuery] = useTableQuery(AUDIT_DEFAULTS);
  const list = useAuditQuery(query);
  const [open, setOpen] = useState<AuditEntry>();
  const disabled = list.error instanceof ApiRequestError && list.error.message === 'Audit is disabled';

  const columns = [
    { title: t('createdAt'), key: 'created_at', render: (_: unknown, e: AuditEntry) => formatDateTime(e.created_at) },
    {
      title: t('operation'),
      key: 'operation',
      render: (_: unknown, e: AuditEntry) => (
        <Typography.Text code>
          {e.http_method?.toUpperCase()} {e.operation_id}
        </Typography.Text>
      ),
    },
    { title: t('source'), key: 'source', render: (_: unknown, e: AuditEntry) => e.source || t('empty') },
    { title: t('from'), key: 'from', render: (_: unknown, e: AuditEntry) => t(`from_${e.from ?? 'unknown'}`) },
    { title: t('sourceIp'), dataIndex: 'source_ip', key: 'source_ip' },
    { title: t('result'), key: 'result', render: (_: unknown, e: AuditEntry) => <ResultTag entry={e} /> },
    { title: t('duration'), key: 'duration', render: (_: unknown, e: AuditEntry) => t('durationMs', { ms: e.duration_ms }) },
    {
      title: t('common:actions'),
      key: 'ops',
      render: (_: unknown, e: AuditEntry) => (
        <Button type="link" size="small" onClick={() => setOpen(e)}>
          {t('details')}
        </Button>
      ),
    },
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = query.gte_created_at && query.lte_created_at ? [dayjs(query.gte_created_at), dayjs(query.lte_created_at)] : null;

  return (
    <ListPage<AuditEntry>
      title={t('title')}
      list={list}
      loading={list.isLoading}
      errorText={disabled ? undefined : errorText(list.error)}
      rowKey={(e) => `${e.created_at}-${e.operation_id}-${e.http_method}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      toolbar={
        <>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          {disabled && <Alert type="warning" showIcon title={t('disabled')} style={{ marginBottom: 16 }} />}
          <Flex wrap gap={8} style={{ marginBottom: 16 }}>
            <Select
              aria-label={t('from')}
              style={{ width: 200 }}
              value={query.from}
              onChange={(from) => setQuery({ from })}
              options={[{ value: '', label: t('anyFrom') }, ...FROM.map((f) => ({ value: f, label: t(`from_${f}`) }))]}
            />
            <Input.Search
              aria-label={t('source')}
              placeholder={t('searchSource')}
              allowClear
              defaultValue={query.source}
              style={{ width: 220 }}
              onSearch={(source) => setQuery({ source: source.trim() })}
            />
            <Input.Search
              aria-label={t('sourceIp')}
              placeholder={t('searchIp')}
              allowClear
              defaultValue={query.source_ip}
              style={{ width: 170 }}
              onSearch={(ip) => setQuery({ source_ip: ip.trim() })}
            />
            <Input.Search
              aria-label={t('operationType')}
              placeholder={t('searchType')}
              allowClear
              defaultValue={query.operation_type}
              style={{ width: 220 }}
              onSearch={(type) => setQuery({ operation_type: type.trim() })}
            />
            <Select
              aria-label={t('method')}
              style={{ width: 140 }}
              value={query.http_method}
              onChange={(http_method) => setQuery({ http_method })}
              options={[{ value: '', label: t('anyMethod') }, ...METHODS.map((m) => ({ value: m, label: m.toUpperCase() }))]}
            />
            <Select
              aria-label={t('result')}
              style={{ width: 140 }}
              value={query.operation_result}
              onChange={(operation_result) => setQuery({ operation_result })}
              options={[
                { value: '', label: t('anyResult') },
                { value: 'success', label: t('success') },
                { value: 'failure', label: t('failure') },
              ]}
            />
            <DatePicker.RangePicker
              aria-label={t('timeRange')}
              showTime
              value={range}
              onChange={(v) => setQuery({ gte_created_at: v?.[0]?.toISOString() ?? '', lte_created_at: v?.[1]?.toISOString() ?? '' })}
            />
          </Flex>
        </>
      }
    >
      <AuditDetail entry={open} onClose={() => setOpen(undefined)} />
    </ListPage>
  );
}
