import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog';
import { Header } from './header';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        <Outlet />
      </main>
      <SignInDialog />
      <ScrollRestoration />
    </div>
  );
}
