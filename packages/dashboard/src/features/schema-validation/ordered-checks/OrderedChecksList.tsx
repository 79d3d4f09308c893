// The list screen shared by Schema Validation and Message Transform (EMQX runs both as ordered lists on publish):
// the entries in the order they run, with move up / down (the order is saved at once through …/reorder), name,
// source topics, the feature's own columns, action after failure, enable, Settings and Delete each. Each feature
// passes its hooks, its i18n namespace (the shared labels have the same keys in both) and its own columns.
import { Button, Flex, Switch, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list/ListPage';
import { CreateButton } from '../../../shared/CreateButton';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { errorText } from '../../../shared/apiErrors';

export type OrderedChecksNs = 'schemaValidation' | 'messageTransform';

export interface OrderedEntry {
  name: string;
  topics: string[];
  failure_action: 'drop' | 'disconnect' | 'ignore';
  enable: boolean;
}

interface Props<T extends OrderedEntry> {
  ns: OrderedChecksNs;
  listPath: string;
  list: UseQueryResult<T[]>;
  remove: UseMutationResult<unknown, Error, string>;
  enable: UseMutationResult<unknown, Error, { name: string; enable: boolean }>;
  reorder: UseMutationResult<unknown, Error, string[]>;
  /** the feature's own columns, shown after the source topics */
  columns: TableColumnsType<T>;
}

export const entryPath = (listPath: string, name: string) => `${listPath}/${encodeURIComponent(name)}`;

export function OrderedChecksList<T extends OrderedEntry>({ ns, listPath, list, remove, enable, reorder, columns: own }: Props<T>) {
  const { t } = useTranslation([ns, 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const names = (list.data ?? []).map((v) => v.name);
  const move = (i: number, by: number) => {
    const order = [...names];
    [order[i], order[i + by]] = [order[i + by], order[i]];
    reorder.mutate(order);
  };
  const failureLabel = { drop: t('dropMsg'), disconnect: t('disconnect'), ignore: t('ignore') };

  const columns: TableColumnsType<T> = [
    {
      title: <Tooltip title={t('orderTip')}>{t('order')}</Tooltip>,
      key: 'order',
      width: 110,
      render: (_: unknown, _row, i) => (
        <Flex gap={4} align="center">
          <Typography.Text type="secondary" style={{ minWidth: 20 }}>
            {i + 1}
          </Typography.Text>
          {canWrite && (
            <>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('moveUp')} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)} />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('moveDown')}
                disabled={i === names.length - 1 || reorder.isPending}
                onClick={() => move(i, 1)}
              />
            </>
          )}
        </Flex>
      ),
    },
    { title: t('name'), dataIndex: 'name', render: (name: string) => <Link to={entryPath(listPath, name)}>{name}</Link> },
    { title: t('sourceTopic'), dataIndex: 'topics', render: (topics: string[]) => topics.join(', ') },
    ...own,
    { title: t('actionAfterFailure'), dataIndex: 'failure_action', render: (a: OrderedEntry['failure_action']) => failureLabel[a] },
    {
      title: t('enable'),
      dataIndex: 'enable',
      render: (on: boolean, row) => (
        <Switch size="small" checked={on} disabled={!canWrite} aria-label={`${t('enable')} ${row.name}`} onChange={(v) => enable.mutate({ name: row.name, enable: v })} />
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => void navigate(entryPath(listPath, row.name))}>
            {t('settings')}
          </Button>
          {canWrite && (
            <ConfirmAction title={t('deleteConfirm', { name: row.name })} onConfirm={() => remove.mutateAsync(row.name)} successMessage={t('common:deleteSuccess')} danger>
              <Button size="small" danger>
                {t('common:delete')}
              </Button>
            </ConfirmAction>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<T>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      actions={canWrite && <CreateButton onClick={() => void navigate(`${listPath}/create`)}>{t('create')}</CreateButton>}
      rowKey="name"
      columns={columns}
      errorText={list.isError ? errorText(list.error) : undefined}
      table={{ locale: { emptyText: t('empty') } }}
    />
  );
}
