import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Paged } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { PagedTable } from './PagedTable';

interface Row {
  id: string;
  name: string;
}
const columns = [
  { title: 'Id', dataIndex: 'id', key: 'id' },
  { title: 'Name', dataIndex: 'name', key: 'name' },
];
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `row ${i}` }));
const paged = (data: Row[], meta: Partial<Paged<Row>['meta']>): Paged<Row> => ({
  data,
  meta: { page: 1, limit: 20, hasnext: false, ...meta },
});

describe('PagedTable', () => {
  it('shows a full pager with the total when meta.count is present', async () => {
    const onQueryChange = vi.fn();
    const { user } = renderWithProviders(
      <PagedTable rowKey="id" columns={columns} data={paged(rows(20), { count: 45, hasnext: true })} query={{ page: 1, limit: 20 }} onQueryChange={onQueryChange} />,
    );
    expect(screen.getByText('Total 45')).toBeInTheDocument();
    await user.click(screen.getByTitle('3'));
    expect(onQueryChange).toHaveBeenCalledWith({ page: 3 });
  });

  it('offers only previous/next from hasnext when meta.count is absent', async () => {
    const onQueryChange = vi.fn();
    const { user } = renderWithProviders(
      <PagedTable rowKey="id" columns={columns} data={paged(rows(20), { page: 2, hasnext: true })} query={{ page: 2, limit: 20 }} onQueryChange={onQueryChange} />,
    );
    expect(screen.queryByText(/Total/)).not.toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 3 });
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1 });
  });

  it('disables next on the last page without count', () => {
    renderWithProviders(<PagedTable rowKey="id" columns={columns} data={paged(rows(3), { hasnext: false })} query={{ page: 1, limit: 20 }} onQueryChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('goes back to page 1 with a notice when a later page is empty', async () => {
    const onQueryChange = vi.fn();
    renderWithProviders(<PagedTable rowKey="id" columns={columns} data={paged([], { page: 3 })} query={{ page: 3, limit: 20 }} onQueryChange={onQueryChange} />);
    await waitFor(() => expect(onQueryChange).toHaveBeenCalledWith({ page: 1 }));
    expect(await screen.findByText('No data available on this page. Redirected to the first page.')).toBeInTheDocument();
  });

  it('does not redirect an empty first page', () => {
    const onQueryChange = vi.fn();
    renderWithProviders(<PagedTable rowKey="id" columns={columns} data={paged([], {})} query={{ page: 1, limit: 20 }} onQueryChange={onQueryChange} />);
    expect(onQueryChange).not.toHaveBeenCalled();
  });

  it('changes the page size (20/50/100/500) and returns to page 1', async () => {
    const onQueryChange = vi.fn();
    const { user } = renderWithProviders(
      <PagedTable rowKey="id" columns={columns} data={paged(rows(20), { page: 2, hasnext: true })} query={{ page: 2, limit: 20 }} onQueryChange={onQueryChange} />,
    );
    await user.click(screen.getByRole('combobox'));
    for (const size of [50, 100, 500]) expect(await screen.findByTitle(`${size} / page`)).toBeInTheDocument();
    await user.click(screen.getByTitle('100 / page'));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, limit: 100 });
  });

  it('keeps at least one column in the column chooser and persists the choice', async () => {
    const { user } = renderWithProviders(
      <PagedTable rowKey="id" columns={columns} data={paged(rows(2), {})} query={{ page: 1, limit: 20 }} onQueryChange={vi.fn()} columnChooser={{ storageKey: 'testCols' }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const popup = await screen.findByRole('tooltip');
    await user.click(within(popup).getByRole('checkbox', { name: 'Id' }));
    expect(JSON.parse(localStorage.getItem('testCols')!)).toEqual(['id']);
    expect(screen.queryByRole('columnheader', { name: 'Id' })).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('checkbox', { name: 'Name' }));
    expect(await screen.findByText('At least one column must be selected.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
  });

  it('starts with the default-hidden columns hidden until the user chooses, then keeps the choice', async () => {
    localStorage.removeItem('pagedTableDefaults');
    const props = { rowKey: 'id', columns, data: paged(rows(1), {}), query: { page: 1, limit: 20 }, onQueryChange: vi.fn() };
    const first = renderWithProviders(<PagedTable<Row> {...props} columnChooser={{ storageKey: 'pagedTableDefaults', defaultHidden: ['name'] }} />);
    expect(screen.getByRole('columnheader', { name: 'Id' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(await screen.findByRole('checkbox', { name: 'Name' }));
    expect(await screen.findByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<PagedTable<Row> {...props} columnChooser={{ storageKey: 'pagedTableDefaults', defaultHidden: ['name'] }} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
  });
});
