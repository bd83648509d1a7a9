import { Box, HStack, IconButton } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import {
  mdiFormatBold,
  mdiFormatHeader2,
  mdiFormatHeader3,
  mdiFormatItalic,
  mdiFormatListBulleted,
  mdiFormatListNumbered,
  mdiLinkVariant,
  mdiLinkVariantOff,
} from '@mdi/js';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { cspNonce } from '@/lib/csp-nonce';

/*
 * The recipe-tips editor (Tiptap). Loaded only when the product form opens (React.lazy), so neither
 * the shop nor the products table carries ProseMirror. The server sanitises the HTML it gets.
 */

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  invalid?: boolean;
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt('Link address (https://…)', previous ?? 'https://');
    if (href === null) return;
    if (!href.trim() || href.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const buttons = [
    { label: 'Bold', icon: mdiFormatBold, active: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', icon: mdiFormatItalic, active: state.italic, run: () => chain().toggleItalic().run() },
    {
      label: 'Heading',
      icon: mdiFormatHeader2,
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subheading',
      icon: mdiFormatHeader3,
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bulleted list',
      icon: mdiFormatListBulleted,
      active: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      icon: mdiFormatListNumbered,
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: state.link ? 'Remove link' : 'Link',
      icon: state.link ? mdiLinkVariantOff : mdiLinkVariant,
      active: state.link,
      run: state.link ? () => chain().unsetLink().run() : setLink,
    },
  ];
  return (
    <HStack role="toolbar" aria-label="Formatting" gap="1" p="1" borderBottomWidth="1px" wrap="wrap">
      {buttons.map((b) => (
        <IconButton
          key={b.label}
          size="xs"
          variant={b.active ? 'subtle' : 'ghost'}
          aria-label={b.label}
          aria-pressed={b.active}
          title={b.label}
          onClick={b.run}
        >
          <MdiIcon path={b.icon} />
        </IconButton>
      ))}
    </HStack>
  );
}

function RichTextEditor({ value, onChange, label, invalid }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
    // The editor adds a <style> of its own; the page's CSP nonce lets it apply (src/lib/csp-nonce.ts).
    injectNonce: cspNonce(),
  });
  // A reset (reload after a conflict) replaces the content; typing does not come back through here.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="l2"
      bg="bg"
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      css={{
        '& .tiptap': { minHeight: '8rem', padding: '0.75rem', outline: 'none' },
        '& .tiptap ul': { listStyleType: 'disc', paddingInlineStart: '1.5rem' },
        '& .tiptap ol': { listStyleType: 'decimal', paddingInlineStart: '1.5rem' },
        '& .tiptap h2': { fontSize: 'lg', fontWeight: 'bold' },
        '& .tiptap h3': { fontSize: 'md', fontWeight: 'semibold' },
        '& .tiptap a': { color: 'secondary.fg', textDecoration: 'underline' },
      }}
    >
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </Box>
  );
}

export default RichTextEditor;
