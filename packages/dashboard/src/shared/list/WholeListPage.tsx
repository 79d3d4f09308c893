// A list the node stores whole (one PUT with the full array; EMQX has no per-item endpoint), such as the topic
// rewrite rules or the auto-subscribe topics: intro, table (ListPage's 'all' mode), Add / Edit in a dialog, Delete and, where the order
// matters, Move up / down. Each change sends the new array and says 'Saved successfully'. While one is being saved
// the row actions and Add are disabled: a second change would be built on the list before the first one.
import { useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Space, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { ConfirmAction } from '../ConfirmAction';
import { CreateButton } from '../CreateButton';
import { useCanWrite } from '../useCanWrite';
import { useFormDialog } from '../useFormDialog';
import { ListPage } from './ListPage';

/** What the page hands its add/edit dialog. */
export interface WholeListDialog<T> {
  open: boolean;
  /** The item being edited; undefined when adding. */
  item?: T;
  /** Its position; undefined when adding. */
  index?: number;
  /** Saves the list with `item` added at the end or in place of the edited one; rejects when the node refuses. */
  onSubmit: (item: T) => Promise<void>;
  onClose: () => void;
}

interface Props<T> {
  title: string;
  intro: ReactNode;
  query: { data?: T[]; isLoading: boolean; isError: boolean };
  /** PUT of the whole array (a mutation's `mutateAsync`). */
  save: (next: T[]) => Promise<unknown>;
  addLabel: string;
  columns: TableColumnsType<T>;
  rowKey: string | ((row: T, index?: number) => Key);
  /** The labels of the Move up / Move down buttons: the rows can be reordered. */
  move?: { up: string; down: string };
  dialog: (d: WholeListDialog<T>) => ReactNode;
}

export function WholeListPage<T extends object>({ title, intro, query, save, addLabel, columns, rowKey, move, dialog }: Props<T>) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const editing = useFormDialog<number>();
  const items = query.data ?? [];
  const [saving, setSaving] = useState(false);

  const commit = async (next: T[]) => {
    setSaving(true);
    try {
      await save(next);
    } finally {
      setSaving(false);
    }
    void toast().success(t('saveSuccess'));
  };
  const swap = (i: number, d: -1 | 1) => {
    const next = [...items];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    void commit(next).catch(() => undefined);
  };

  const actions: TableColumnsType<T> = canWrite
    ? [
        {
          title: t('actions'),
          key: 'ops',
          render: (_: unknown, _r: T, i: number) => (
            <Space size={4}>
              <Button type="link" size="small" disabled={saving} onClick={() => editing.openEdit(i)}>
                {t('edit')}
              </Button>
              {move && (
                <>
                  <Button type="text" size="small" aria-label={move.up} icon={<ArrowUpOutlined />} disabled={saving || i === 0} onClick={() => swap(i, -1)} />
                  <Button type="text" size="small" aria-label={move.down} icon={<ArrowDownOutlined />} disabled={saving || i === items.length - 1} onClick={() => swap(i, 1)} />
                </>
              )}
              <ConfirmAction title={t('deleteConfirm')} danger successMessage={false} disabled={saving} onConfirm={() => commit(items.filter((_, j) => j !== i))}>
                <Button type="link" size="small" danger disabled={saving}>
                  {t('delete')}
                </Button>
              </ConfirmAction>
            </Space>
          ),
        },
      ]
    : [];

  const index = editing.item;
  return (
    <ListPage<T>
      mode="all"
      title={title}
      noRefresh
      actions={
        canWrite && (
          <CreateButton disabled={saving} onClick={editing.openCreate}>
            {addLabel}
          </CreateButton>
        )
      }
      toolbar={<Alert type="info" showIcon title={intro} style={{ marginBottom: token.margin }} />}
      list={{ data: items, isError: query.isError }}
      errorText={t('errorOccurred')}
      loading={query.isLoading}
      rowKey={rowKey}
      columns={[...columns, ...actions]}
    >
      {dialog({
        open: editing.open,
        item: index === undefined ? undefined : items[index],
        index,
        onSubmit: (item) => commit(index === undefined ? [...items, item] : items.map((x, j) => (j === index ? item : x))),
        onClose: editing.close,
      })}
    </ListPage>
  );
}
