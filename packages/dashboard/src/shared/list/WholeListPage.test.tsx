import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { renderWithProviders } from '../../../test/render';
import { findDialog } from '../../../test/dialogs';
import { FormModal } from '../FormModal';
import { WholeListPage, type WholeListDialog } from './WholeListPage';

interface Item {
  name: string;
}

function ItemDialog({ open, item, onSubmit, onClose }: WholeListDialog<Item>) {
  const [form] = Form.useForm<Item>();
  const initialValues = useMemo(() => item ?? { name: '' }, [item]);
  return (
    <FormModal<Item>
      open={open}
      editing={!!item}
      title={item ? 'Edit item' : 'Add item'}
      form={form}
      name="item"
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

/** The table row showing `name` (found by text: role queries are slow on a loaded machine). */
const row = (name: string) => screen.getByText(name, { selector: 'td' }).closest('tr') as HTMLElement;

function setup(save: (next: Item[]) => Promise<unknown>) {
  const data = [{ name: 'a' }, { name: 'b' }];
  return renderWithProviders(
    <WholeListPage<Item>
      title="Items"
      intro="Saved whole"
      query={{ data, isLoading: false, isError: false }}
      save={save}
      addLabel="Add item"
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]}
      rowKey="name"
      move={{ up: 'Up', down: 'Down' }}
      dialog={(d) => <ItemDialog {...d} />}
    />,
  );
}

describe('WholeListPage', () => {
  it('edits in place, deletes and moves, each time saving the whole list', async () => {
    const save = vi.fn((_next: Item[]) => Promise.resolve());
    const { user } = setup(save);
    await user.click(within(row('b')).getByText('Edit'));
    const dialog = await findDialog('Edit item');
    const input = within(dialog).getByLabelText('Name');
    expect(input).toHaveValue('b');
    await user.clear(input);
    await user.type(input, 'c');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith([{ name: 'a' }, { name: 'c' }]));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();

    await user.click(within(row('a')).getByLabelText('Down'));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith([{ name: 'b' }, { name: 'a' }]));
    expect(within(row('a')).getByLabelText('Up')).toBeDisabled();

    await user.click(within(row('a')).getByText('Delete'));
    await user.click(await screen.findByText('Confirm'));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith([{ name: 'b' }]));
  });

  it('keeps the dialog open with what was typed when the node refuses', async () => {
    const save = vi.fn(() => Promise.reject(new Error('refused')));
    const { user } = setup(save);
    await user.click(screen.getByRole('button', { name: /Add item/ }));
    const dialog = await findDialog('Add item');
    await user.type(within(dialog).getByLabelText('Name'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith([{ name: 'a' }, { name: 'b' }, { name: 'x' }]));
    expect(await findDialog('Add item')).toBe(dialog);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('x');
    expect(screen.queryByText('Saved successfully')).not.toBeInTheDocument();
  });

  it('disables every row action and Add while a save of the list is pending, so no change is built on the old list', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(
      (_next: Item[]) =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = setup(save);
    await user.click(within(row('a')).getByLabelText('Down'));
    expect(save).toHaveBeenCalledTimes(1);
    const actions = () => [
      ...['a', 'b'].flatMap((name) => [
        within(row(name)).getByText('Edit').closest('button')!,
        within(row(name)).getByText('Delete').closest('button')!,
        within(row(name)).getByLabelText('Up'),
        within(row(name)).getByLabelText('Down'),
      ]),
      screen.getByRole('button', { name: /Add item/ }),
    ];
    await waitFor(() => actions().forEach((b) => expect(b).toBeDisabled()));
    await user.click(within(row('b')).getByLabelText('Up'));
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(row('b')).getByText('Delete').closest('button')).toBeEnabled());
    expect(within(row('a')).getByText('Edit').closest('button')).toBeEnabled();
    expect(within(row('b')).getByLabelText('Up')).toBeEnabled();
    expect(screen.getByRole('button', { name: /Add item/ })).toBeEnabled();
  });
});
