// Phone widths (below antd's md breakpoint, 768 px): the menu becomes a drawer opened from the header.
import { useMediaQuery } from '../../shared/useMediaQuery';

export function usePhone(): boolean {
  return useMediaQuery('(max-width: 767.98px)');
}
