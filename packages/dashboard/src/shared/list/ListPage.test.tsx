import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { Paged } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { ListPage } from './ListPage';
import { SearchBox } from '../SearchBox';

interface Row {
  topic: string;
}
const columns = [{ title: 'Topic', dataIndex: 'topic', key: 'topic' }];
const data: Paged<Row> = { data: [{ topic: 'a/b' }], meta: { page: 1, limit: 20, hasnext: false } };

function Harness({ refetch, onSearch }: { refetch: () => Promise<unknown>; onSearch: (v: string) => void }) {
  const [topic, setTopic] = useState('x/#');
  return (
    <ListPage<Row>
      title="Topics"
      list={{ data, isFetching: false, refetch }}
      actions={<button onClick={() => setTopic('applied/elsewhere')}>reset</button>}
      toolbar={
        <SearchBox
          value={topic}
          onSearch={(v) => {
            onSearch(v);
            setTopic(v);
          }}
          label="Topic"
        />
      }
      rowKey="topic"
      columns={columns}
      query={{ page: 1, limit: 20 }}
      onQueryChange={() => undefined}
    />
  );
}

describe('ListPage + SearchBox', () => {
  it('refreshes the list, searches with the trimmed text and follows the applied value', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const onSearch = vi.fn();
    const { user } = renderWithProviders(<Harness refetch={refetch} onSearch={onSearch} />);
    expect(screen.getByRole('heading', { name: 'Topics' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'a/b' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(refetch).toHaveBeenCalledTimes(1);

    const box = screen.getByRole('searchbox', { name: 'Topic' });
    expect(box).toHaveValue('x/#');
    await user.clear(box);
    await user.type(box, '  t/1  {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('t/1');
    await waitFor(() => expect(box).toHaveValue('t/1'));

    await user.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(box).toHaveValue('applied/elsewhere'));
  });

  it('can go without Refresh, and shows the given loading state instead of the fetching one', () => {
    const list = { data, isFetching: true, refetch: () => Promise.resolve() };
    const { container } = renderWithProviders(
      <ListPage<Row> title="Polled" list={list} loading={false} noRefresh rowKey="topic" columns={columns} query={{ page: 1, limit: 20 }} onQueryChange={() => undefined} />,
    );
    expect(screen.queryByText('Refresh')).not.toBeInTheDocument();
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
    // without the override, the list's fetching state is the table's
    const fetching = renderWithProviders(
      <ListPage<Row> title="Fetched" list={list} rowKey="topic" columns={columns} query={{ page: 1, limit: 20 }} onQueryChange={() => undefined} />,
    );
    expect(fetching.container.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it("'all' mode: the whole array in one table without a pager, the error notice when the list failed", () => {
    renderWithProviders(
      <ListPage<Row> mode="all" title="Whole" list={{ data: [{ topic: 'a/b' }, { topic: 'c/d' }], isError: true }} errorText="Load failed" rowKey="topic" columns={columns} />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(3); // header + 2
    expect(screen.getByText('Load failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refresh/ })).not.toBeInTheDocument(); // no refetch given
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });
});
