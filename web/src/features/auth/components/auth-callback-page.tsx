import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createSession, describeFailure, sessionKeys } from '../api';

/**
 * One exchange per code for the life of the page: the code is single-use, so a remount of this
 * screen must join the first exchange, never post the same code again.
 */
const exchanges = new Map<string, Promise<void>>();

function exchangeCodeOnce(code: string, state: string, queryClient: QueryClient): Promise<void> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = createSession({ code, state }).then(
      // platform.md §7: on success the user is refetched, so the header shows them on arrival.
      // The page's first user fetch may still be running and will answer "signed out"; a plain
      // refetch would join it, so it is cancelled first.
      async () => {
        await queryClient.cancelQueries({ queryKey: sessionKeys.me });
        await queryClient.refetchQueries({ queryKey: sessionKeys.me });
      },
      (error: unknown) => {
        console.error(`Failed to exchange code for session token: ${describeFailure(error)}`);
      },
    );
    exchanges.set(code, exchange);
  }
  return exchange;
}

async function completeSignIn(search: string, queryClient: QueryClient): Promise<void> {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (!code) {
    console.error('Cannot exchange code for session token: no code provided in the URL search params.');
    return;
  }
  await exchangeCodeOnce(code, params.get('state') ?? '', queryClient);
}

/** /auth/callback: trades the code for a session, then goes home whatever the outcome. */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  // The URL as it arrived: the screen leaves it right after, and the code must not be re-read.
  const [search] = useState(location.search);
  // StrictMode runs effects twice on the same instance; both runs share this one completion.
  const completion = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let active = true;
    completion.current ??= completeSignIn(search, queryClient);
    void completion.current.then(() => {
      // Replace, so Back does not return to a spent code.
      if (active) void navigate('/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [search, navigate, queryClient]);

  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4">
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent" />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Signing you in...</h1>
          <p className="mt-1 text-muted">Completing authentication</p>
        </div>
      </div>
    </div>
  );
}
