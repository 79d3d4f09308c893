// One table for EMQX paging: `{data, meta: {page, limit, count?, hasnext}}`. Without `count` the
// server could not count cheaply, so only prev/next are offered (as in the official console).
import { useEffect, useMemo, useState, type Key } from 'react';
import { Button, Checkbox, Flex, Pagination, Popover, Select, Table, Typography, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { LeftOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@mqdeck/api';
import { toast } from '../../app/bridge';

export const PAGE_SIZES = [20, 50, 100, 500] as const;

export interface PagedTableProps<T> {
  rowKey: string | ((row: T) => Key);
  columns: TableColumnsType<T>;
  data?: Paged<T>;
  loading?: boolean;
  query: { page: number; limit: number };
  onQueryChange: (patch: { page?: number; limit?: number }) => void;
  rowSelection?: TableProps<T>['rowSelection'];
  /**
   * Lets the user hide columns (at least one stays); the choice is kept in localStorage under `storageKey`. Columns
   * whose keys are in `defaultHidden` start hidden until the user makes a choice of their own.
   */
  columnChooser?: { storageKey: string; defaultHidden?: string[] };
  /**
   * Fit the window: columns share the width and headers wrap between words, so the table scrolls sideways only below
   * its columns' narrowest widths (phones). Without it the table keeps every header on one line (max-content).
   */
  fit?: boolean;
  size?: TableProps<T>['size'];
}

function columnId<T>(c: TableColumnsType<T>[number], i: number): string {
  const dataIndex = 'dataIndex' in c ? c.dataIndex : undefined;
  return String(c.key ?? (Array.isArray(dataIndex) ? dataIndex.join('.') : dataIndex) ?? i);
}

function loadHidden(chooser: PagedTableProps<object>['columnChooser']): string[] {
  if (!chooser) return [];
  const fallback = chooser.defaultHidden ?? [];
  try {
    const stored = localStorage.getItem(chooser.storageKey);
    if (stored === null) return fallback;
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) ? v.map(String) : fallback;
  } catch {
    return fallback;
  }
}

export function PagedTable<T extends object>(props: PagedTableProps<T>) {
  const { rowKey, columns, data, loading, query, onQueryChange, rowSelection, columnChooser, size, fit } = props;
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const [hidden, setHidden] = useState<string[]>(() => loadHidden(columnChooser));
  const rows = data?.data;
  const count = data?.meta.count;

  // An empty page past the first (rows deleted elsewhere, stale link): back to page 1 with a notice.
  useEffect(() => {
    if (!loading && rows && rows.length === 0 && query.page > 1) {
      void toast().info(t('emptyPageRedirect'));
      onQueryChange({ page: 1 });
    }
  }, [loading, rows, query.page, onQueryChange, t]);

  const visibleColumns = useMemo(() => (columnChooser ? columns.filter((c, i) => !hidden.includes(columnId(c, i))) : columns), [columns, columnChooser, hidden]);

  function toggleColumn(id: string, show: boolean) {
    const next = show ? hidden.filter((h) => h !== id) : [...hidden, id];
    if (next.length >= columns.length) {
      void toast().warning(t('atLeastOneColumn'));
      return;
    }
    setHidden(next);
    if (columnChooser) localStorage.setItem(columnChooser.storageKey, JSON.stringify(next));
  }

  const sizeOptions = PAGE_SIZES.map((s) => ({ value: s, label: t('pageSize', { size: s }) }));
  const hasnext = data?.meta.hasnext ?? false;

  return (
    <div>
      {columnChooser && (
        <Flex justify="end" style={{ marginBottom: token.marginXS }}>
          <Popover
            trigger="click"
            placement="bottomRight"
            content={
              <Flex vertical gap={token.marginXXS}>
                {columns.map((c, i) => {
                  const id = columnId(c, i);
                  return (
                    <Checkbox key={id} checked={!hidden.includes(id)} onChange={(e) => toggleColumn(id, e.target.checked)}>
                      {typeof c.title === 'function' ? id : (c.title ?? id)}
                    </Checkbox>
                  );
                })}
              </Flex>
            }
          >
            <Button icon={<SettingOutlined />} aria-label={t('columns')}>
              {t('columns')}
            </Button>
          </Popover>
        </Flex>
      )}
      <Table<T>
        rowKey={rowKey}
        columns={visibleColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        rowSelection={rowSelection}
        size={size}
        tableLayout={fit ? 'auto' : undefined}
        scroll={{ x: fit ? 'min-content' : 'max-content' }}
      />
      <Flex justify="end" align="center" gap={token.marginSM} style={{ marginTop: token.marginMD }}>
        {count !== undefined ? (
          <Pagination
            current={query.page}
            pageSize={query.limit}
            total={count}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES.map(String)}
            showTotal={(total) => t('totalItems', { total })}
            onChange={(page, limit) => onQueryChange(limit !== query.limit ? { page: 1, limit } : { page })}
          />
        ) : (
          <>
            <Button icon={<LeftOutlined />} aria-label={t('prevPage')} disabled={query.page <= 1} onClick={() => onQueryChange({ page: query.page - 1 })} />
            <Typography.Text>{t('pageNumber', { page: query.page })}</Typography.Text>
            <Button icon={<RightOutlined />} aria-label={t('nextPage')} disabled={!hasnext} onClick={() => onQueryChange({ page: query.page + 1 })} />
            <Select
              aria-label={t('pageSize', { size: query.limit })}
              value={query.limit}
              options={sizeOptions}
              onChange={(limit) => onQueryChange({ page: 1, limit })}
              virtual={false}
              style={{ minWidth: 110 }}
            />
          </>
        )}
      </Flex>
    </div>
  );
}
