import { App } from '@beatroom/web/app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import { desktopApi } from './beatroom-api';
import { createDesktopPlatform } from './desktop-platform';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The server address comes from main (BEATROOM_SERVER_URL), so it is known before the first
// API call. Hash routing: the renderer is one document served by the app:// protocol.
const api = desktopApi();
const info = await api.app.info();

createRoot(container).render(
  <StrictMode>
    <App createRouter={createHashRouter} platform={createDesktopPlatform(api, info)} />
  </StrictMode>,
);
