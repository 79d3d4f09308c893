// The rule's actions (outputs), in order: add, edit and remove console and republish actions; references to
// data-integration actions (picked from the node's actions) are listed, edited and removed.
import { Button, Flex, List, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormDialog } from '../../../shared/useFormDialog';
import { actionKind, isRepublish } from '../actions';
import type { RuleAction } from '../rules.types';
import { ActionModal } from './ActionModal';

interface Props {
  value?: RuleAction[];
  onChange?: (actions: RuleAction[]) => void;
  disabled?: boolean;
}

export function ActionsPanel({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation(['rules', 'common']);
  const dialog = useFormDialog<number>();
  const editing = dialog.item === undefined ? undefined : value[dialog.item];

  const save = (action: RuleAction) => {
    const next = [...value];
    if (dialog.item === undefined) next.push(action);
    else next[dialog.item] = action;
    onChange?.(next);
  };

  const describe = (a: RuleAction) => {
    const kind = actionKind(a);
    if (typeof a === 'string') return <Tag>{t('actionBridge', { id: a })}</Tag>;
    if (kind === 'console') return <Tag color="default">{t('actionConsole')}</Tag>;
    if (isRepublish(a))
      return (
        <Flex gap="small" align="center" wrap>
          <Tag color="processing">{t('actionRepublish')}</Tag>
          <Typography.Text code>{a.args.topic}</Typography.Text>
        </Flex>
      );
    return <Tag>{a.function}</Tag>;
  };

  return (
    <>
      <List
        size="small"
        bordered
        locale={{ emptyText: t('noActions') }}
        dataSource={value.map((action, index) => ({ action, index }))}
        renderItem={({ action, index }) => (
          <List.Item
            actions={
              disabled
                ? []
                : [
                    ...(actionKind(action) !== 'function'
                      ? [
                          <Button key="edit" size="small" type="link" onClick={() => dialog.openEdit(index)}>
                            {t('common:edit')}
                          </Button>,
                        ]
                      : []),
                    <Button key="remove" size="small" type="link" danger onClick={() => onChange?.(value.filter((_, i) => i !== index))}>
                      {t('removeAction')}
                    </Button>,
                  ]
            }
          >
            {describe(action)}
          </List.Item>
        )}
      />
      {!disabled && (
        <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={dialog.openCreate} block type="dashed">
          {t('addAction')}
        </Button>
      )}
      <ActionModal open={dialog.open} action={editing} onClose={dialog.close} onSave={save} />
    </>
  );
}
