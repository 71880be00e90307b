/**
 * `npm run dev`: the API behind Vite's dev server (http://localhost:5173 proxies /api here), so
 * sign-in returns to Vite and the built web app is not served. Explicit variables still win.
 */
process.env.SERVE_WEB ??= '0';
process.env.PUBLIC_URL ??= 'http://localhost:5173';

const { main } = await import('./main');
await main();

export {};
