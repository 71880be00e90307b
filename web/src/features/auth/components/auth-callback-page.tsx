import { isDesktopHandoff } from '@beatroom/shared/auth-contract';
import { desktopHandoffLink } from '@beatroom/shared/desktop-app';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LoaderCircle, MonitorCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { redirectBrowser } from '../../../lib/browser-location';
import { describeFailure, sessionKeys } from '../../session/api';
import { createSession } from '../api';

/**
 * How an exchange ended: signed in here (back to `returnTo`, the page the sign-in started from,
 * or home), or a handoff to pass on to the desktop app.
 */
type Outcome = { desktopLink: string | null; returnTo?: string };

/**
 * One exchange per code for the life of the page: the code is single-use, so a remount of this
 * screen must join the first exchange, never post the same code again.
 */
const exchanges = new Map<string, Promise<Outcome>>();

function exchangeCodeOnce(code: string, state: string, queryClient: QueryClient): Promise<Outcome> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = createSession({ code, state }).then(
      async (answer): Promise<Outcome> => {
        // The desktop app started this sign-in: this browser gets no session, the app does.
        if (isDesktopHandoff(answer)) return { desktopLink: desktopHandoffLink(answer.desktopHandoff) };
        // On success the user is refetched, so the header shows them on arrival.
        // The page's first user fetch may still be running and will answer "signed out"; a plain
        // refetch would join it, so it is cancelled first.
        await queryClient.cancelQueries({ queryKey: sessionKeys.me });
        await queryClient.refetchQueries({ queryKey: sessionKeys.me });
        return { desktopLink: null, returnTo: answer.returnTo };
      },
      (error: unknown): Outcome => {
        console.error(`Failed to exchange code for session token: ${describeFailure(error)}`);
        return { desktopLink: null };
      },
    );
    exchanges.set(code, exchange);
  }
  return exchange;
}

async function completeSignIn(search: string, queryClient: QueryClient): Promise<Outcome> {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (!code) {
    console.error('Cannot exchange code for session token: no code provided in the URL search params.');
    return { desktopLink: null };
  }
  return exchangeCodeOnce(code, params.get('state') ?? '', queryClient);
}

/** Shown in the system browser after a sign-in the desktop app started. */
function ReturnToApp({ link }: { link: string }) {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4">
      <div role="status" className="flex max-w-md flex-col items-center gap-4 text-center">
        <MonitorCheck aria-hidden="true" className="size-12 text-accent" />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Return to the Beatroom app</h1>
          <p className="mt-2 text-muted">
            You are signed in. Beatroom should open by itself; if your browser asks, allow it to open the app.
            You can close this tab afterwards.
          </p>
        </div>
        <a href={link} className={buttonClasses({ size: 'lg' })}>
          Open Beatroom
        </a>
      </div>
    </div>
  );
}

/**
 * /auth/callback: trades the code for a session, then goes back to the page the sign-in started
 * from (home when it named none, and after a failure). A sign-in started by the desktop app
 * instead hands its code to the app through a beatroom:// link.
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  // The URL as it arrived: the screen leaves it right after, and the code must not be re-read.
  const [search] = useState(location.search);
  const [desktopLink, setDesktopLink] = useState<string | null>(null);
  // StrictMode runs effects twice on the same instance; both runs share this one completion.
  const completion = useRef<Promise<Outcome> | null>(null);

  useEffect(() => {
    let active = true;
    completion.current ??= completeSignIn(search, queryClient);
    void completion.current.then((outcome) => {
      if (!active) return;
      if (outcome.desktopLink) {
        setDesktopLink(outcome.desktopLink);
        redirectBrowser(outcome.desktopLink);
        return;
      }
      // Replace, so Back does not return to a spent code. The server checked returnTo is a path
      // on this site, and the schema checked it again on the way in.
      void navigate(outcome.returnTo ?? '/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [search, navigate, queryClient]);

  if (desktopLink) return <ReturnToApp link={desktopLink} />;

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
