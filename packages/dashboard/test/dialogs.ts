// Finding antd dialogs in component tests. antd's test mode gives every dialog the same aria-labelledby id, so
// `getByRole('dialog', { name })` cannot tell them apart: find the open dialog that shows the title text instead.
import { screen, within } from '@testing-library/react';

export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  const dialogs = await screen.findAllByRole('dialog');
  const d = dialogs.find((x) => within(x).queryAllByText(title).length > 0);
  if (!d) throw new Error(`no dialog titled ${String(title)} among ${dialogs.length} open dialog(s)`);
  return d;
}
