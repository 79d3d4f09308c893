// The shape of a paged list screen: title with Refresh (and any other actions), what sits above the table
// (notices, a search box or filter form), the PagedTable, then drawers or dialogs the rows open.
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@mqdeck/api';
import { PageSection } from './PageSection';
import { PagedTable, type PagedTableProps } from './PagedTable';

export interface ListPageProps<T>
  extends Pick<PagedTableProps<T>, 'rowKey' | 'columns' | 'query' | 'onQueryChange' | 'rowSelection' | 'columnChooser'> {
  title: ReactNode;
  /** The list query (react-query result): Refresh refetches it, and its fetching state is the table's. */
  list: { data?: Paged<T>; isFetching: boolean; refetch: () => unknown };
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

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { title, list, loading = list.isFetching, noRefresh, actions, toolbar, children, ...table } = props;
  const { t } = useTranslation('common');
  return (
    <PageSection
      title={title}
      extra={
        <>
          {!noRefresh && (
            <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void list.refetch()}>
              {t('refresh')}
            </Button>
          )}
          {actions}
        </>
      }
    >
      {toolbar}
      <PagedTable<T> {...table} data={list.data} loading={loading} />
      {children}
    </PageSection>
  );
}
