import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { richTextExtensions } from './rich-text-extensions';
import './rich-text.css';

export type RichTextEditorProps = {
  /** Set by Form.Item: the editable area carries it. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  /** The field's name, read out for the editable area. */
  label?: string;
};

type Tool = {
  key: string;
  icon: ReactNode;
  label: string;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
};

/** The toolbar's state, re-read on each editor transaction (selection moves too). */
function useToolState(editor: Editor | null, tools: Tool[]) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e) return { active: {} as Record<string, boolean>, canUndo: false, canRedo: false };
      return {
        active: Object.fromEntries(tools.map((tool) => [tool.key, tool.active(e)])),
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
      };
    },
  });
}

/**
 * The rich-text editor of a parameter's data (loaded only when the form shows it, see
 * rich-text-input.tsx). It writes only what the server keeps (rich-text-extensions.ts); an empty
 * document is saved as an empty string.
 */
export default function RichTextEditor({ id, value, onChange, label }: RichTextEditorProps) {
  const { t } = useTranslation();
  /** What this editor last reported, so a new value from outside (another record) is told apart. */
  const emitted = useRef<string | null | undefined>(value);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label ?? t('param.editor'),
        class: 'rich-text-content',
        'data-testid': 'rich-text-editor',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const tools: Tool[][] = [
    [
      {
        key: 'bold',
        icon: <BoldOutlined />,
        label: t('param.bold'),
        active: (e) => e.isActive('bold'),
        run: (e) => e.chain().focus().toggleBold().run(),
      },
      {
        key: 'italic',
        icon: <ItalicOutlined />,
        label: t('param.italic'),
        active: (e) => e.isActive('italic'),
        run: (e) => e.chain().focus().toggleItalic().run(),
      },
      {
        key: 'underline',
        icon: <UnderlineOutlined />,
        label: t('param.underline'),
        active: (e) => e.isActive('underline'),
        run: (e) => e.chain().focus().toggleUnderline().run(),
      },
      {
        key: 'strike',
        icon: <StrikethroughOutlined />,
        label: t('param.strike'),
        active: (e) => e.isActive('strike'),
        run: (e) => e.chain().focus().toggleStrike().run(),
      },
    ],
    ([1, 2, 3] as const).map((level) => ({
      key: `h${level}`,
      icon: <span className="rich-text-tool-text">H{level}</span>,
      // The visible "H1" leads the name, so speech and sight agree.
      label: `H${level} ${t('param.heading', { level })}`,
      active: (e: Editor) => e.isActive('heading', { level }),
      run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
    })),
    [
      {
        key: 'bulletList',
        icon: <UnorderedListOutlined />,
        label: t('param.bulletList'),
        active: (e) => e.isActive('bulletList'),
        run: (e) => e.chain().focus().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        icon: <OrderedListOutlined />,
        label: t('param.orderedList'),
        active: (e) => e.isActive('orderedList'),
        run: (e) => e.chain().focus().toggleOrderedList().run(),
      },
      {
        key: 'quote',
        icon: <span className="rich-text-tool-text">“ ”</span>,
        label: t('param.quote'),
        active: (e) => e.isActive('blockquote'),
        run: (e) => e.chain().focus().toggleBlockquote().run(),
      },
    ],
    (
      [
        ['left', <AlignLeftOutlined key="l" />, t('param.alignLeft')],
        ['center', <AlignCenterOutlined key="c" />, t('param.alignCenter')],
        ['right', <AlignRightOutlined key="r" />, t('param.alignRight')],
      ] as const
    ).map(([align, icon, text]) => ({
      key: `align-${align}`,
      icon,
      label: text,
      active: (e: Editor) => e.isActive({ textAlign: align }),
      run: (e: Editor) => e.chain().focus().setTextAlign(align).run(),
    })),
  ];
  const state = useToolState(editor, tools.flat());

  const button = (
    key: string,
    icon: ReactNode,
    label: string,
    run: () => void,
    opts: { pressed?: boolean; disabled?: boolean } = {},
  ) => (
    <button
      key={key}
      type="button"
      className={`rich-text-tool${opts.pressed ? ' rich-text-tool-active' : ''}`}
      aria-label={label}
      aria-pressed={opts.pressed}
      title={label}
      disabled={opts.disabled}
      // The selection stays in the text while a tool is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      data-testid={`rich-text-${key}`}
    >
      {icon}
    </button>
  );

  return (
    <div className="rich-text-editor">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('param.toolbar')}>
        {tools.map((group, i) => (
          <span className="rich-text-tool-group" key={group[0]?.key}>
            {i > 0 && <span className="rich-text-divider" aria-hidden="true" />}
            {group.map((tool) =>
              button(tool.key, tool.icon, tool.label, () => editor && tool.run(editor), {
                pressed: !!state?.active[tool.key],
              }),
            )}
          </span>
        ))}
        <span className="rich-text-tool-group rich-text-history">
          {button('undo', <UndoOutlined />, t('param.undo'), () => editor?.chain().focus().undo().run(), {
            disabled: !state?.canUndo,
          })}
          {button('redo', <RedoOutlined />, t('param.redo'), () => editor?.chain().focus().redo().run(), {
            disabled: !state?.canRedo,
          })}
        </span>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
