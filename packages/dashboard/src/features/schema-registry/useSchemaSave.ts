// Saving a schema form: the node's refusal is shown where it belongs — a name it refuses (taken, bad format) on the
// name field, a source it cannot compile under the editor (marked at the line it names), anything else as a toast.
import { useState } from 'react';
import type { FormInstance } from 'antd';
import { isApiError } from '../../api/client';
import { toast } from '../../app/bridge';
import { errorText } from '../../shared/apiErrors';
import type { Schema } from './schema-registry.api';

export function useSchemaSave(form: FormInstance<Schema>) {
  const [sourceError, setSourceError] = useState<string | null>(null);
  /** wraps a save: clears the last refusal, places a new one, rethrows so the submit flow stays on the page */
  const place = async (save: () => Promise<unknown>) => {
    setSourceError(null);
    try {
      await save();
    } catch (e) {
      if (isApiError(e, 'ALREADY_EXISTS') || (isApiError(e, 'BAD_REQUEST') && /^(Name|Invalid name)/.test(e.message))) {
        form.setFields([{ name: 'name', errors: [errorText(e)] }]);
      } else if (isApiError(e, 'BAD_REQUEST')) {
        setSourceError(e.message);
      } else {
        void toast().error(errorText(e));
      }
      throw e;
    }
  };
  return { sourceError, clearSourceError: () => setSourceError(null), place };
}
