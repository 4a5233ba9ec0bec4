import { richTextExcerpt } from './rich-text-excerpt';

/** A rich text in a table cell: one line of its words, the longer start in its tooltip, never its markup. */
export function RichTextCell({ html }: { html: string | null }) {
  return <span title={richTextExcerpt(html, 300)}>{richTextExcerpt(html)}</span>;
}
