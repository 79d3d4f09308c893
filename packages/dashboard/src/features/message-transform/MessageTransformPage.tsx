// Integration › Message Transform: the transformations in the order they run, with enable, move up / down (the
// order is saved at once through /message_transformations/reorder), Settings and Delete each.
import { Button, Flex, Switch, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { errorText } from '../../shared/apiErrors';
import { useDeleteTransformationMutation, useEnableTransformationMutation, useReorderTransformationsMutation, useTransformationsQuery } from './message-transform.api';
import type { Transformation } from './message-transform.types';
import './message-transform.messages';

export const LIST_PATH = '/message-transform';
export const detailPath = (name: string) => `${LIST_PATH}/${encodeURIComponent(name)}`;

export default function MessageTransformPage() {
  const { t } = useTranslation(['messageTransform', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useTransformationsQuery();
  const del = useDeleteTransformationMutation();
  const enable = useEnableTransformationMutation();
  const reorder = useReorderTransformationsMutation();
  const names = (list.data ?? []).map((v) => v.name);
  const move = (i: number, by: number) => {
    const order = [...names];
    [order[i], order[i + by]] = [order[i + by], order[i]];
    reorder.mutate(order);
  };
  const failureLabel = { drop: t('dropMsg'), disconnect: t('disconnect'), ignore: t('ignore') };

  const columns: TableColumnsType<Transformation> = [
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
    { title: t('name'), dataIndex: 'name', render: (name: string) => <Link to={detailPath(name)}>{name}</Link> },
    { title: t('sourceTopic'), dataIndex: 'topics', render: (topics: string[]) => topics.join(', ') },
    { title: t('payloadDecoder'), dataIndex: ['payload_decoder', 'type'] },
    { title: t('payloadEncoder'), dataIndex: ['payload_encoder', 'type'] },
    { title: t('actionAfterFailure'), dataIndex: 'failure_action', render: (a: Transformation['failure_action']) => failureLabel[a] },
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
          <Button size="small" onClick={() => void navigate(detailPath(row.name))}>
            {t('settings')}
          </Button>
          {canWrite && (
            <ConfirmAction title={t('deleteConfirm', { name: row.name })} onConfirm={() => del.mutateAsync(row.name)} successMessage={t('common:deleteSuccess')} danger>
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
    <ListPage<Transformation>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      actions={canWrite && <CreateButton onClick={() => void navigate(`${LIST_PATH}/create`)}>{t('create')}</CreateButton>}
      rowKey="name"
      columns={columns}
      errorText={list.isError ? errorText(list.error) : undefined}
      table={{ locale: { emptyText: t('empty') } }}
    />
  );
}
