// A plugin's README.md, rendered with marked and sanitized (DOMPurify, the console's sanitizeHtml) before it is
// bound as HTML: a package's text never runs scripts or handlers in the console.
import { useMemo } from 'react';
import { marked } from 'marked';
import { Typography } from 'antd';
import { sanitizeHtml } from '../../../shared/sanitize';

export function Readme({ markdown }: { markdown: string }) {
  const html = useMemo(() => sanitizeHtml(marked.parse(markdown, { async: false, gfm: true })), [markdown]);
  return (
    <Typography>
      <div className="plugin-readme" data-testid="plugin-readme" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
