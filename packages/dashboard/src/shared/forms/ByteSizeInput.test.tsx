import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ByteSizeInput } from './ByteSizeInput';

describe('ByteSizeInput', () => {
  it('clearing the number keeps the unit the operator had: 4KB, cleared, 2 → 2KB (as durations do)', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [v, setV] = useState<string | undefined>('4KB');
      return (
        <ByteSizeInput
          aria-label="Max packet size"
          value={v}
          onChange={(n) => {
            setV(n);
            onChange(n);
          }}
        />
      );
    }
    const { user } = renderWithProviders(<Controlled />);
    const number = screen.getByLabelText('Max packet size');
    await user.clear(number);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.type(number, '2');
    expect(onChange).toHaveBeenLastCalledWith('2KB');
  });
});
