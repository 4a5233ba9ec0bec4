/**
 * The start of a rich text's words, for a table cell: tags dropped, entities decoded, white space
 * collapsed, cut at `max` characters with an ellipsis. The HTML is only parsed (DOMParser runs no
 * script and loads no image), never shown.
 */
export function richTextExcerpt(html: string | null | undefined, max = 40): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.body.querySelectorAll('script, style, template, noscript')) el.remove();
  // Block ends and line breaks separate words that the markup alone keeps apart.
  for (const el of doc.body.querySelectorAll('br, p, div, li, h1, h2, h3, h4, h5, h6, blockquote, td, th, tr')) {
    el.append(' ');
  }
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}
