// Integration › Schema Registry › External (EMQX 5.8 EE's ExternalSchema view): the external registries (name,
// type) with Settings, Duplicate and Delete each; Create opens the create page.
import { Button, Flex } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list/ListPage';
import { CreateButton } from '../../../shared/CreateButton';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { errorText } from '../../../shared/apiErrors';
import { useDeleteExternalRegistryMutation, useExternalRegistriesQuery, type NamedExternalRegistry } from './external-registry.api';
import '../schema-registry.messages';

export const EXTERNAL_LIST_PATH = '/schema/external';
export const externalDetailPath = (name: string) => `${EXTERNAL_LIST_PATH}/${encodeURIComponent(name)}`;

export default function ExternalRegistryPage() {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const registries = useExternalRegistriesQuery();
  const del = useDeleteExternalRegistryMutation();

  const columns: TableColumnsType<NamedExternalRegistry> = [
    { title: t('name'), dataIndex: 'name', render: (name: string) => <Link to={externalDetailPath(name)}>{name}</Link> },
    { title: t('type'), dataIndex: 'type', render: () => t('typeConfluent') },
    { title: t('url'), dataIndex: 'url' },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => void navigate(externalDetailPath(row.name))}>
            {t('settings')}
          </Button>
          {canWrite && (
            <Button size="small" onClick={() => void navigate(`${EXTERNAL_LIST_PATH}/create?action=copy&target=${encodeURIComponent(row.name)}`)}>
              {t('duplicate')}
            </Button>
          )}
          {canWrite && (
            <ConfirmAction title={t('deleteExternalConfirm', { name: row.name })} onConfirm={() => del.mutateAsync(row.name)} successMessage={t('common:deleteSuccess')} danger>
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
    <ListPage<NamedExternalRegistry>
      mode="all"
      title={t('title')}
      list={registries}
      loading={registries.isLoading}
      actions={canWrite && <CreateButton onClick={() => void navigate(`${EXTERNAL_LIST_PATH}/create`)}>{t('create')}</CreateButton>}
      rowKey="name"
      columns={columns}
      errorText={registries.isError ? errorText(registries.error) : undefined}
      table={{ locale: { emptyText: t('externalEmpty') } }}
    />
  );
}
