import type { PluginInfo } from '@backroom/contract';
import { Drawer } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useHeld } from '../hooks/use-held';
import { usePluginName } from '../plugin-texts';

/** Links open in a new tab, and only http(s) and mailto ones are links at all. */
function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url) ? url : '';
}

/**
 * The plugin's README as Markdown (open while `plugin` is set). react-markdown builds React
 * elements: raw HTML in the text is shown as text, never parsed, and only safe link schemes
 * survive; images are not loaded.
 */
export function ReadmeDrawer({ plugin: open, onClose }: { plugin: PluginInfo | null; onClose: () => void }) {
  const plugin = useHeld(open);
  const nameOf = usePluginName();
  if (!plugin) return null;
  return (
    <Drawer open={open !== null} title={`${nameOf(plugin)} ${plugin.version}`} onClose={onClose} size="large">
      <div className="plugin-readme" data-testid="plugin-readme">
        <Markdown
          remarkPlugins={[remarkGfm]}
          skipHtml
          urlTransform={safeUrl}
          disallowedElements={['img']}
          components={{
            a: ({ href, children }) => (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ),
          }}
        >
          {plugin.readme}
        </Markdown>
      </div>
    </Drawer>
  );
}
