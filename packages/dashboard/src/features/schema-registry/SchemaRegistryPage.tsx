// Integration › Schema Registry › Internal: the registered schemas (name, type, note) with Settings, Duplicate
// and Delete each; Create opens the create page.
import { Button, Flex, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { errorText } from '../../shared/apiErrors';
import { useDeleteSchemaMutation, useSchemasQuery, type Schema } from './schema-registry.api';
import { schemaTypeLabel } from './schema-registry.labels';
import './schema-registry.messages';

export const LIST_PATH = '/schema/internal';
export const detailPath = (name: string) => `${LIST_PATH}/${encodeURIComponent(name)}`;

export default function SchemaRegistryPage() {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const schemas = useSchemasQuery();
  const del = useDeleteSchemaMutation();

  const columns: TableColumnsType<Schema> = [
    { title: t('name'), dataIndex: 'name', render: (name: string) => <Link to={detailPath(name)}>{name}</Link> },
    { title: t('type'), dataIndex: 'type', render: (type: Schema['type']) => schemaTypeLabel(t, type) },
    { title: t('note'), dataIndex: 'description', render: (d: string) => <Typography.Text type={d ? undefined : 'secondary'}>{d || '—'}</Typography.Text> },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => void navigate(detailPath(row.name))}>
            {t('settings')}
          </Button>
          {canWrite && (
            <Button size="small" onClick={() => void navigate(`${LIST_PATH}/create?action=copy&target=${encodeURIComponent(row.name)}`)}>
              {t('duplicate')}
            </Button>
          )}
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
    <ListPage<Schema>
      mode="all"
      title={t('title')}
      list={schemas}
      loading={schemas.isLoading}
      actions={canWrite && <CreateButton onClick={() => void navigate(`${LIST_PATH}/create`)}>{t('create')}</CreateButton>}
      rowKey="name"
      columns={columns}
      errorText={schemas.isError ? errorText(schemas.error) : undefined}
      table={{ locale: { emptyText: t('empty') } }}
    />
  );
}
