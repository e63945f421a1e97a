/**
 * Markdown text on a page: the renderer (markdown-renderer.ts, with markdown-it) is fetched the
 * first time a description is shown, and the plain text stands in until it has arrived, so no
 * page's first paint waits for it and a first visit does not load it with the page's code.
 */
import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';

type Renderer = typeof import('./markdown-renderer.ts');

let loading: Promise<Renderer> | null = null;
let loaded: Renderer | null = null;

function loadRenderer(): Promise<Renderer> {
  loading ??= import('./markdown-renderer.ts').then((module) => (loaded = module));
  return loading;
}

/** The renderer once loaded (a re-render follows its arrival); null until then. */
function useRenderer(): Renderer | null {
  const [renderer, setRenderer] = useState<Renderer | null>(loaded);
  useEffect(() => {
    if (renderer) return;
    let current = true;
    void loadRenderer().then((module) => {
      if (current) setRenderer(module);
    });
    return () => {
      current = false;
    };
  }, [renderer]);
  return renderer;
}

/** How rendered Markdown reads inside our pages: spacing between blocks, list bullets, visible links. */
export const MARKDOWN_STYLES: BoxProps['css'] = {
  '& > * + *': { mt: '3' },
  '& ul': { ps: '6', listStyleType: 'disc' },
  '& ol': { ps: '6', listStyleType: 'decimal' },
  '& a': { color: 'blue.700', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', borderRadius: 'xs' },
  '& pre': { bg: 'bg.muted', p: '3', borderRadius: 'md', overflowX: 'auto' },
  '& blockquote': { borderStartWidth: '3px', ps: '3', color: 'fg.muted' },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold' },
};

/** A description as Markdown blocks; plain text (line breaks kept) until the renderer is there. */
export function MarkdownText({ text, ...boxProps }: { text: string } & BoxProps) {
  const renderer = useRenderer();
  if (!renderer) {
    return (
      <Box whiteSpace="pre-line" {...boxProps}>
        {text}
      </Box>
    );
  }
  // Safe: the renderer writes raw HTML out as text and keeps only http(s) links (markdown-renderer.ts).
  return <Box css={MARKDOWN_STYLES} {...boxProps} dangerouslySetInnerHTML={{ __html: renderer.renderMarkdown(text) }} />;
}

/**
 * Inline Markdown with matched words marked, for a search result's clamped description:
 * `fallback` (the plain, highlighted text) until the renderer is there.
 */
export function MarkdownInline({ segments, fallback, ...props }: { segments: { text: string; matched?: boolean | null }[]; fallback: ReactNode } & Record<string, unknown>) {
  const renderer = useRenderer();
  if (!renderer) return <span {...props}>{fallback}</span>;
  return <span {...props} dangerouslySetInnerHTML={{ __html: renderer.renderMarkdownInline(segments) }} />;
}
