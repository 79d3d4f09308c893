// A gateway's authentication: one authenticator (spec 000 §6: password-based and JWT for STOMP, CoAP, ExProto;
// password-based only for MQTT-SN and LwM2M). The settings form is the Authentication screen's own
// (AuthnConfigForm); a built-in database authenticator has its users managed below it.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Modal, Radio, Space, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/list/PagedTable';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { CreateButton } from '../../../shared/CreateButton';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useSubmitFlow } from '../../../shared/forms/useSubmitFlow';
import { useFieldRules } from '../../../shared/forms/rules';
import { toast } from '../../../app/bridge';
import { AuthnConfigForm, readAuthnConfig } from '../../authentication/components/AuthnConfigForm';
import { defaultConfig, type AuthnConfig, type Backend, type Mechanism } from '../../authentication/authentication.config';
import { backendLabel, mechanismLabel } from '../../authentication/authentication.labels';
import '../../authentication/authentication.messages';
import {
  useDeleteGatewayAuthnMutation,
  useDeleteGatewayUserMutation,
  useGatewayAuthnQuery,
  useGatewayUsersQuery,
  useSaveGatewayAuthnMutation,
  useSaveGatewayUserMutation,
  type GatewayUser,
  type UsersQuery,
} from '../gateways.api';
import { authnBackends, authnMechanisms, type GatewayName } from '../gateways.config';
import '../gateways.messages';

/** Mechanism + backend radios for a new authenticator; `none` is offered by the wizard. */
export function AuthnChooser({
  gateway,
  value,
  onChange,
  allowNone,
}: {
  gateway: GatewayName;
  value: { mechanism: Mechanism | 'none'; backend: Backend };
  onChange: (v: { mechanism: Mechanism | 'none'; backend: Backend }) => void;
  allowNone?: boolean;
}) {
  const { t } = useTranslation(['gateways', 'authentication']);
  const { t: ta } = useTranslation('authentication');
  return (
    <Flex vertical gap="middle" style={{ marginBottom: 16 }}>
      <div>
        <Typography.Text strong>{t('mechanism')}</Typography.Text>
        <br />
        <Radio.Group value={value.mechanism} onChange={(e) => onChange({ ...value, mechanism: e.target.value as Mechanism | 'none' })} optionType="button" buttonStyle="solid">
          {allowNone && <Radio.Button value="none">{t('authNone')}</Radio.Button>}
          {authnMechanisms(gateway).map((m) => (
            <Radio.Button key={m} value={m}>
              {mechanismLabel(ta, m)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      {value.mechanism === 'password_based' && (
        <div>
          <Typography.Text strong>{t('backend')}</Typography.Text>
          <br />
          <Radio.Group value={value.backend} onChange={(e) => onChange({ ...value, backend: e.target.value as Backend })} optionType="button" buttonStyle="solid">
            {authnBackends(gateway).map((b) => (
              <Radio.Button key={b} value={b}>
                {backendLabel(ta, b)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </div>
      )}
    </Flex>
  );
}

/** The new authenticator's defaults for a choice (none: null). */
export function chosenConfig(c: { mechanism: Mechanism | 'none'; backend: Backend }): AuthnConfig | null {
  if (c.mechanism === 'none') return null;
  return defaultConfig(c.mechanism, c.mechanism === 'jwt' ? undefined : c.backend);
}

/** The detail page's Auth tab. */
export function GatewayAuthTab({ gateway }: { gateway: GatewayName }) {
  const { t } = useTranslation(['gateways', 'authentication', 'common']);
  const { t: ta } = useTranslation('authentication');
  const canWrite = useCanWrite();
  const authn = useGatewayAuthnQuery(gateway);
  const save = useSaveGatewayAuthnMutation(gateway);
  const del = useDeleteGatewayAuthnMutation(gateway);
  const [form] = Form.useForm();
  const [adding, setAdding] = useState(false);
  const [choice, setChoice] = useState<{ mechanism: Mechanism | 'none'; backend: Backend }>({ mechanism: 'password_based', backend: authnBackends(gateway)[0] });
  const current = authn.data ?? null;
  const fresh = useMemo(() => chosenConfig(choice), [choice]);
  const config = current ?? (adding ? fresh : null);
  const flow = useSubmitFlow({
    read: () => readAuthnConfig(form),
    send: async (body: AuthnConfig) => {
      await save.mutateAsync({ body, exists: !!current });
      setAdding(false);
    },
    success: current ? t('common:saveSuccess') : t('common:createSuccess'),
  });
  if (authn.isLoading) return null;
  return (
    <>
      {flow.guard}
      <Alert type="info" showIcon title={t('authHint')} style={{ marginBottom: 16 }} />
      {!config && (
        <Flex vertical gap="middle" align="flex-start">
          <Typography.Text>{t('noAuthn')}</Typography.Text>
          {canWrite && <CreateButton onClick={() => setAdding(true)}>{t('addAuthn')}</CreateButton>}
        </Flex>
      )}
      {!current && adding && <AuthnChooser gateway={gateway} value={choice} onChange={setChoice} />}
      {config && (
        <Card
          size="small"
          title={
            <Space>
              {mechanismLabel(ta, config.mechanism)}
              {config.backend && <Tag>{backendLabel(ta, config.backend)}</Tag>}
            </Space>
          }
        >
          <AuthnConfigForm form={form} config={config} onValuesChange={flow.markDirty} />
          {canWrite && (
            <Flex gap="small">
              <Button type="primary" loading={save.isPending} onClick={flow.submit}>
                {current ? t('common:save') : t('common:create')}
              </Button>
              {current ? (
                <ConfirmAction title={t('deleteAuthnConfirm')} onConfirm={() => del.mutateAsync()} successMessage={t('common:deleteSuccess')} danger>
                  <Button danger>{t('deleteAuthn')}</Button>
                </ConfirmAction>
              ) : (
                <Button onClick={() => setAdding(false)}>{t('common:cancel')}</Button>
              )}
            </Flex>
          )}
        </Card>
      )}
      {current && current.mechanism === 'password_based' && current.backend === 'built_in_database' && (
        <Card size="small" title={t('users')} style={{ marginTop: 16 }}>
          <GatewayUsers gateway={gateway} idLabel={current.user_id_type === 'clientid' ? t('clientId') : t('username')} />
        </Card>
      )}
    </>
  );
}

/** The built-in database's users: search, paging, add, edit (password, superuser), delete. */
function GatewayUsers({ gateway, idLabel }: { gateway: GatewayName; idLabel: string }) {
  const { t } = useTranslation(['gateways', 'common']);
  const canWrite = useCanWrite();
  const [query, setQuery] = useState<UsersQuery>({ page: 1, limit: 20 });
  const [dialog, setDialog] = useState<{ user?: GatewayUser } | null>(null);
  const users = useGatewayUsersQuery(gateway, query);
  const del = useDeleteGatewayUserMutation(gateway);
  const columns: TableColumnsType<GatewayUser> = [
    { title: idLabel, dataIndex: 'user_id' },
    { title: t('isSuperuser'), dataIndex: 'is_superuser', render: (s?: boolean) => <Tag color={s ? 'warning' : 'default'}>{s ? t('common:yes') : t('common:no')}</Tag> },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, u: GatewayUser) => (
              <Flex gap="small">
                <Button size="small" onClick={() => setDialog({ user: u })}>
                  {t('common:edit')}
                </Button>
                <ConfirmAction title={t('deleteUserConfirm', { id: u.user_id })} onConfirm={() => del.mutateAsync(u.user_id)} successMessage={t('common:deleteSuccess')} danger>
                  <Button size="small" danger aria-label={`${t('common:delete')} ${u.user_id}`}>
                    {t('common:delete')}
                  </Button>
                </ConfirmAction>
              </Flex>
            ),
          },
        ]
      : []),
  ];
  const patch = (p: Partial<UsersQuery>) => setQuery((q) => ({ ...q, ...p, page: p.page ?? 1 }));
  return (
    <>
      <Flex justify="space-between" gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search aria-label={idLabel} placeholder={idLabel} allowClear style={{ width: 280 }} onSearch={(v) => patch({ like_user_id: v.trim() || undefined })} />
        {canWrite && <CreateButton onClick={() => setDialog({})}>{t('addUser')}</CreateButton>}
      </Flex>
      <PagedTable<GatewayUser> rowKey="user_id" columns={columns} data={users.data} loading={users.isFetching} query={query} onQueryChange={patch} />
      <UserModal gateway={gateway} idLabel={idLabel} open={dialog !== null} user={dialog?.user} onClose={() => setDialog(null)} />
    </>
  );
}

function UserModal({ gateway, idLabel, open, user, onClose }: { gateway: GatewayName; idLabel: string; open: boolean; user?: GatewayUser; onClose: () => void }) {
  const { t } = useTranslation(['gateways', 'common']);
  const rules = useFieldRules();
  const [form] = Form.useForm<{ user_id: string; password?: string; is_superuser: boolean }>();
  const save = useSaveGatewayUserMutation(gateway);
  const editing = !!user;
  useEffect(() => {
    if (open) form.setFieldsValue({ user_id: user?.user_id ?? '', password: '', is_superuser: user?.is_superuser ?? false });
  }, [open, user, form]);
  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({ user_id: editing ? user.user_id : v.user_id.trim(), password: v.password || undefined, is_superuser: v.is_superuser, editing });
    void toast().success(editing ? t('common:updateSuccess') : t('common:createSuccess'));
    onClose();
  }
  return (
    <Modal
      open={open}
      title={editing ? t('editUser') : t('addUser')}
      okText={editing ? t('common:update') : t('common:create')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="gatewayUser" layout="vertical">
        <Form.Item name="user_id" label={idLabel} rules={[rules.required(idLabel)]}>
          <Input aria-label={idLabel} disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={editing ? [] : [rules.required(t('password'))]} extra={editing ? t('passwordKeep') : undefined}>
          <Input.Password aria-label={t('password')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="is_superuser" label={t('isSuperuser')} valuePropName="checked">
          <Switch aria-label={t('isSuperuser')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
