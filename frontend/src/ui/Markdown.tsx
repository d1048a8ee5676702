import { useMemo, type MouseEvent } from 'react';
import { Box } from '@mui/material';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useBankDetail } from '../bank-detail/index.tsx';

/** Links of the form `#/bank/{cert}` in AI answers open that bank's detail. */
const bankLink = /^#\/bank\/(\d+)$/;

/** Every link that leaves the app opens in a new tab; a bank link stays here (it opens the detail). */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (bankLink.test(href)) {
    node.setAttribute('data-bank-cert', bankLink.exec(href)![1]);
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * An image in model output would be fetched from wherever the model (or a page it read) points, telling
 * that host who opened the answer, and the page's policy refuses outside images anyway: it shows as a
 * link to the image, named by its description.
 */
const modelMarkdown = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  renderer: {
    image({ href, title, text }) {
      const name = text.trim() ? `Image: ${text.trim()}` : 'Image';
      return this.link({ type: 'link', raw: name, href, title, text: name, tokens: [{ type: 'text', raw: name, text: name }] });
    },
  },
});

/**
 * Model output as HTML: markdown through marked, or the text itself when it is an HTML document
 * (starts with < and ends with >), and in every case through DOMPurify, so no script, handler or
 * style a model (or a prompt) writes can run, and no image loads.
 */
export function renderModelText(text: string): string {
  const trimmed = text.trim();
  const html = trimmed.startsWith('<') && trimmed.endsWith('>') ? trimmed : (modelMarkdown.parse(text) as string);
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'img'], FORBID_ATTR: ['style'] });
}

/**
 * Model output as the words it shows, for a screen reader to say at once: the text of its paragraphs,
 * list items and table cells, each ended by a space, so no two run together ('Bank2.73%').
 */
export function modelTextAsWords(text: string): string {
  const html = renderModelText(text).replace(/<\/(p|li|td|th|tr|h[1-6]|div|pre|blockquote)>|<br\s*\/?>/gi, (tag) => `${tag} `);
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function Markdown({ text, testId }: { text: string; testId?: string }) {
  const html = useMemo(() => renderModelText(text), [text]);
  const detail = useBankDetail();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a[data-bank-cert]');
    if (!link) return;
    event.preventDefault();
    detail.open(Number(link.getAttribute('data-bank-cert')));
  };
  return (
    <Box
      data-testid={testId}
      onClick={onClick}
      className="model-text"
      sx={{
        fontSize: 14,
        lineHeight: 1.55,
        overflowWrap: 'anywhere',
        '& p': { my: 0.75 },
        '& p:first-of-type': { mt: 0 },
        '& ul, & ol': { pl: 2.5, my: 0.75 },
        '& a': { color: 'primary.main', fontWeight: 500 },
        '& table': { borderCollapse: 'collapse', my: 1, fontSize: 13, display: 'block', overflowX: 'auto', maxWidth: '100%' },
        // A cell breaks between words only, never inside a figure ('1.2' / '3%'): a table wider than the text scrolls sideways instead.
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left', verticalAlign: 'top', overflowWrap: 'normal' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 1.25 },
        '& code': { fontFamily: 'monospace', fontSize: 13, bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        // A code block keeps its lines: one wider than the text scrolls sideways inside it instead of running out of the answer.
        '& pre': { overflowX: 'auto', maxWidth: '100%', my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1 },
        '& pre code': { px: 0, bgcolor: 'transparent' },
        '& h1, & h2, & h3': { fontSize: 16, fontWeight: 700, my: 1 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
