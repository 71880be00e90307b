import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme } from './features/theme/apply-theme';
import { systemPrefersDark } from './features/theme/hooks/use-resolved-theme';
import { resolveTheme, useThemeStore } from './features/theme/store/theme-store';
import './styles.css';

// Paint the stored theme before React's first render so a light-theme user never sees a dark flash.
applyTheme(document.documentElement, resolveTheme(useThemeStore.getState().theme, systemPrefersDark()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The first render as a transition: React yields to the browser every few milliseconds instead
// of building the whole page in one long task (on a phone, hundreds of milliseconds in which a
// tap waits), and the server-rendered first screen stays up until the page replaces it whole.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
