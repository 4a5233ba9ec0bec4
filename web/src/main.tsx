import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { events, startEventLoop } from './core/events';
import { startupExtensions } from './core/extensions';
import './core/i18n';
import { useMenus } from './core/menu';
import { logout } from './core/request';
// Applies the saved theme (colour, dark mode) to the document before the first paint.
import './core/theme';
import { installModules } from './modules';
import './styles.css';

/** Start-up (docs/spec.md §4): register plugins, set up the event loop, then mount into #app. */
function bootstrap() {
  try {
    installModules();
    startEventLoop();
    events.on('session:changed', ({ signedIn }) => {
      if (!signedIn) logout();
      else window.location.reload();
    });
    events.on(
      'menu:reload',
      () =>
        void useMenus
          .getState()
          .load()
          .catch(() => undefined),
    );
    const root = document.getElementById('app');
    if (!root) return;
    const extensions = startupExtensions();
    createRoot(root).render(
      <StrictMode>
        <App />
        {extensions.map(({ name, index: Extension }) => (Extension ? <Extension key={name} /> : null))}
      </StrictMode>,
    );
  } catch {
    // docs/spec.md §1: a failure during start-up is ignored silently.
  }
}

bootstrap();
