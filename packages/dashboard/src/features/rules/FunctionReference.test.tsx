import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../i18n/i18n';
import { FunctionReference } from './components/FunctionReference';
import type { FunctionDoc } from './functions';

const DOCS: FunctionDoc[] = [
  { name: 'abs', group: 'math', args: ['x'], returns: 'number', example: 'abs(-1) = 1', description: { en: 'Absolute value of a number', zh: '数字的绝对值' } },
  { name: 'sqrt', group: 'math', args: ['x'], returns: 'number', example: 'sqrt(9) = 3.0', description: { en: 'Square root', zh: '平方根' } },
  { name: 'lower', group: 'string', args: ['s'], returns: 'string', example: "lower('AB') = 'ab'", description: { en: 'Lower-case a string', zh: '字符串转小写' } },
];

describe('FunctionReference', () => {
  it('groups every function with its signature and example, and searches name, group and description', async () => {
    const { user } = renderWithProviders(<FunctionReference open onClose={() => undefined} functions={DOCS} />);
    expect(await screen.findByText('3 functions')).toBeInTheDocument();
    expect(screen.getByText('math (2)')).toBeInTheDocument();
    expect(screen.getByText('string (1)')).toBeInTheDocument();
    expect(screen.getByText('abs(x) → number')).toBeInTheDocument();
    expect(screen.getByText('abs(-1) = 1')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search functions'), 'lower-case');
    expect(await screen.findByText('1 functions')).toBeInTheDocument();
    const docs = screen.getAllByTestId('function-doc');
    expect(docs).toHaveLength(1);
    expect(within(docs[0]).getByText('lower(s) → string')).toBeInTheDocument();
    expect(screen.queryByText('math (2)')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search functions'));
    await user.type(screen.getByLabelText('Search functions'), 'nothing-like-this');
    expect(await screen.findByText('0 functions')).toBeInTheDocument();
  });

  it('describes the functions in Chinese and searches the Chinese text', async () => {
    await i18n.changeLanguage('zh');
    const { user } = renderWithProviders(<FunctionReference open onClose={() => undefined} functions={DOCS} />);
    expect(await screen.findByText('数字的绝对值')).toBeInTheDocument();
    await user.type(screen.getByLabelText('搜索函数'), '平方根');
    expect(await screen.findByText('sqrt(x) → number')).toBeInTheDocument();
    expect(screen.queryByText('abs(x) → number')).not.toBeInTheDocument();
  });
});
