// The create / edit submit of a form page that is not a dialog (authentication and authorization: the create wizards
// and the Settings tab of their detail pages): read the form → send → toast → release the unsaved-changes guard →
// optionally leave for the list. A form that does not validate, or a body the node refuses, keeps the page as it is:
// the validation shows on the fields, the node's error is toasted once by the mutation cache, a JSON field that does
// not parse gets 'JSON format error' here.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';

export interface SubmitFlowOptions<B> {
  /** Reads the body from the form; rejects when a field is invalid (a SyntaxError for an unparsable JSON field). */
  read: () => Promise<B>;
  /** Sends it (a mutation's `mutateAsync`). */
  send: (body: B) => Promise<unknown>;
  /** The success toast. */
  success: string;
  /** Where to go once saved (the create pages); stays on the page without it. */
  leaveTo?: string;
}

export function useSubmitFlow<B>({ read, send, success, leaveTo }: SubmitFlowOptions<B>) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  // Navigate after the render that released the guard, or the guard would ask about the form just saved.
  useEffect(() => {
    if (done && leaveTo) navigate(leaveTo);
  }, [done, leaveTo, navigate]);

  async function submit() {
    let body: B;
    try {
      body = await read();
    } catch (e) {
      if (e instanceof SyntaxError) void toast().error(t('jsonError'));
      return;
    }
    try {
      await send(body);
    } catch {
      return; // toasted by the mutation cache
    }
    setDirty(false);
    void toast().success(success);
    if (leaveTo) setDone(true);
  }

  return {
    /** The form's onValuesChange. */
    markDirty: () => setDirty(true),
    submit: () => void submit(),
    /** Render once in the page. */
    guard: <UnsavedChangesGuard dirty={dirty && !done} />,
  };
}
