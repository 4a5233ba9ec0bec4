import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';

/** A link's address: relative, or http(s) or mailto, the schemes the server's sanitiser keeps. */
export function linkAllowed(url: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/**
 * What the rich-text editor can write: paragraphs, headings 1-3, bold, italic, underline, strike,
 * inline code, lists, quotes, rules, links and text alignment. Each is inside the allow-list the
 * server sanitises with (contract base/rich-text.ts; rich-text-extensions.test.ts checks it), so
 * what the editor saves is what the page serves. No image, colour, class or code-block language.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url, { defaultValidate }) => defaultValidate(url) && linkAllowed(url),
      },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
  ];
}
