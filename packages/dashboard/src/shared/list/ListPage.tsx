// The one list screen: title with Refresh (and any other actions), what sits above the table (notices, a search
// box or filter form), the table, then the drawers or dialogs the rows open. Two modes, for the two ways EMQX
// answers a list: 'paged' (the default) for `{data, meta}` pages, shown by PagedTable with its pager and the page
// in the URL; 'all' for the lists the node returns whole as an array (users, API keys, listeners, authenticators…),
// shown in one plain table. WholeListPage (lists saved whole with one PUT) builds on the 'all' mode.
import type { Key, ReactNode } from 'react';
import { Alert, Button, Table, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@mqdeck/api';
import { PageSection } from '../PageSection';
import { PagedTable, type PagedTableProps } from './PagedTable';

interface CommonProps {
  title?: ReactNode;
  /** What shows as loading (table and Refresh); `list.isFetching` unless given. A list that refetches itself on
   * an interval passes its first load only (`isLoading`), so the table does not flash at each poll. */
  loading?: boolean;
  /** Without the Refresh button. */
  noRefresh?: boolean;
  /** Header actions after Refresh. */
  actions?: ReactNode;
  /** Above the table. */
  toolbar?: ReactNode;
  /** After the table (drawers, dialogs). */
  children?: ReactNode;
}

export interface PagedListProps<T>
  extends CommonProps, Pick<PagedTableProps<T>, 'rowKey' | 'columns' | 'query' | 'onQueryChange' | 'rowSelection' | 'columnChooser' | 'fit' | 'size'> {
  mode?: 'paged';
  /** The list query (react-query result): Refresh refetches it, and its fetching state is the table's. */
  list: { data?: Paged<T>; isFetching: boolean; refetch: () => unknown };
}

export interface WholeListProps<T> extends CommonProps {
  mode: 'all';
  list: { data?: T[]; isFetching?: boolean; isError?: boolean; refetch?: () => unknown };
  rowKey: string | ((row: T, index?: number) => Key);
  columns: TableColumnsType<T>;
  /** Shown above the table when the list failed to load; none unless given. */
  errorText?: ReactNode;
  /** Table props the plain table needs on some screens (scroll, expandable rows, row class…). */
  table?: Omit<TableProps<T>, 'rowKey' | 'columns' | 'dataSource' | 'loading' | 'pagination'>;
}

export type ListPageProps<T> = PagedListProps<T> | WholeListProps<T>;

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { title, loading = props.list.isFetching ?? false, noRefresh, actions, toolbar, children } = props;
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const refetch = props.list.refetch;
  const refresh = !noRefresh && refetch && (
    <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void refetch()}>
      {t('refresh')}
    </Button>
  );
  return (
    <PageSection
      title={title}
      extra={
        (refresh || actions) && (
          <>
            {refresh}
            {actions}
          </>
        )
      }
    >
      {toolbar}
      {props.mode === 'all' ? (
        <>
          {props.list.isError && props.errorText && <Alert type="error" showIcon title={props.errorText} style={{ marginBottom: token.margin }} />}
          <Table<T> {...props.table} rowKey={props.rowKey} columns={props.columns} dataSource={props.list.data} loading={loading} pagination={false} />
        </>
      ) : (
        <PagedTable<T>
          rowKey={props.rowKey}
          columns={props.columns}
          query={props.query}
          onQueryChange={props.onQueryChange}
          rowSelection={props.rowSelection}
          columnChooser={props.columnChooser}
          fit={props.fit}
          size={props.size}
          data={props.list.data}
          loading={loading}
        />
      )}
      {children}
    </PageSection>
  );
}
