import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { renderWithProviders } from '../../test/render';
import { FormModal } from './FormModal';
import { useFormDialog } from './useFormDialog';

interface Item {
  name: string;
}

function Harness({ onSubmit, successMessage }: { onSubmit: (v: Item) => Promise<unknown>; successMessage?: string }) {
  const dialog = useFormDialog<Item>();
  const [form] = Form.useForm<Item>();
  const initialValues = useMemo(() => ({ name: dialog.item?.name ?? 'new' }), [dialog.item]);
  return (
    <>
      <button onClick={dialog.openCreate}>open create</button>
      <button onClick={() => dialog.openEdit({ name: 'old' })}>open edit</button>
      <FormModal<Item>
        open={dialog.open}
        editing={!!dialog.item}
        title={dialog.item ? 'Edit item' : 'New item'}
        form={form}
        name="item"
        initialValues={initialValues}
        onSubmit={onSubmit}
        successMessage={successMessage}
        onClose={dialog.close}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
          <Input />
        </Form.Item>
      </FormModal>
    </>
  );
}

describe('FormModal', () => {
  it('fills the fields on open, validates, submits, toasts and closes', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} successMessage="Saved it" />);
    await user.click(screen.getByRole('button', { name: 'open edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    const input = within(dialog).getByLabelText('Name');
    expect(input).toHaveValue('old');
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(input, 'renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved it')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'renamed' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit item' })).not.toBeInTheDocument());
  });

  it('stays open with what was typed when the submit fails', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('refused')));
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} successMessage="Saved it" />);
    await user.click(screen.getByRole('button', { name: 'open create' }));
    const dialog = await screen.findByRole('dialog', { name: 'New item' });
    const input = within(dialog).getByLabelText('Name');
    expect(input).toHaveValue('new');
    await user.type(input, '-one');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'new-one' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('dialog', { name: 'New item' })).toBeInTheDocument();
    expect(input).toHaveValue('new-one');
    expect(screen.queryByText('Saved it')).not.toBeInTheDocument();
  });
});
