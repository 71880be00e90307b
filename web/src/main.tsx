import { StrictMode } from 'react';
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

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
