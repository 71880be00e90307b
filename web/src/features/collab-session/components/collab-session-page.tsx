import { COLLAB_ERRORS, COLLAB_SESSION_FULL } from '@beatroom/shared/collab-sessions-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { joinSession, sessionByCodeQueryOptions } from '../api';
import type { CollabAudio } from '../collab-audio';
import { CollabStudio } from './collab-studio';
import { JoinSessionPage } from './join-session-page';
import { SessionNotFound } from './session-not-found';
import type { SessionTimelineComponent } from './session-timeline';

const loading = (
  <div
    role="status"
    aria-label="Loading"
    className="mx-auto h-64 max-w-4xl animate-pulse rounded-3xl bg-fg/10"
  />
);

/**
 * /studio/collaborate/{sessionCode}: the session is loaded by its code;
 * a visitor is asked to sign in to join; a member joins (on a free track) and gets the live
 * studio. Errors show 'Session Not Found'. Without a code it is "Join a session", a code field.
 */
export function CollabSessionPage({
  createAudio,
  Timeline,
}: {
  createAudio: () => CollabAudio;
  /** The studio's timeline, which the live studio shows the session on (app/ hands it in). */
  Timeline: SessionTimelineComponent;
}) {
  const code = (useParams().sessionCode ?? '').trim();
  const { user, isPending } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);
  const lookup = useQuery({ ...sessionByCodeQueryOptions(code), enabled: code !== '' });
  const join = useMutation({ mutationFn: () => joinSession(code) });
  const { mutate: joinNow, isIdle } = join;
  const found = lookup.data;

  // With a code the user joins: once signed in and the session exists, at once.
  useEffect(() => {
    if (user && found && isIdle) joinNow();
  }, [user, found, isIdle, joinNow]);

  // No code in the address: the page asks for one.
  if (!code) return <JoinSessionPage />;
  if (lookup.isError) {
    return (
      <SessionNotFound
        message={isApiError(lookup.error, 404) ? COLLAB_ERRORS.notFound : COLLAB_ERRORS.loadSession}
      />
    );
  }
  if (lookup.isPending || isPending) return loading;

  if (!user) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
          <Users aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">Join Collaborative Session</h1>
        <p className="max-w-sm text-sm text-muted">
          {found!.session_name}
          {found!.beat_title ? ` · ${found!.beat_title}` : ''}
        </p>
        <Button className="mt-2" onClick={() => openSignIn()}>
          Sign In to Join
        </Button>
      </section>
    );
  }

  if (join.isError) {
    const message = isApiError(join.error, 409)
      ? COLLAB_SESSION_FULL
      : isApiError(join.error, 404)
        ? COLLAB_ERRORS.notFound
        : COLLAB_ERRORS.loadSession;
    return <SessionNotFound message={message} />;
  }
  if (!join.data) return loading;
  return (
    <CollabStudio
      sessionId={join.data.session.id}
      user={user}
      createAudio={createAudio}
      Timeline={Timeline}
    />
  );
}
