import DOMPurify from 'dompurify';

/** For the rare text that must be bound as HTML (e.g. rendered docs): strips scripts, handlers and unsafe URLs. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
