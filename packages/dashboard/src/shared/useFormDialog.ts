// State of a create-or-edit dialog: closed, open to create (no item), or open to edit one item.
import { useCallback, useState } from 'react';

export interface FormDialog<T> {
  open: boolean;
  /** The item being edited; undefined while creating (or closed). */
  item: T | undefined;
  openCreate: () => void;
  openEdit: (item: T) => void;
  close: () => void;
}

export function useFormDialog<T>(): FormDialog<T> {
  const [state, setState] = useState<{ item?: T } | null>(null);
  const openCreate = useCallback(() => setState({}), []);
  const openEdit = useCallback((item: T) => setState({ item }), []);
  const close = useCallback(() => setState(null), []);
  return { open: state !== null, item: state?.item, openCreate, openEdit, close };
}
