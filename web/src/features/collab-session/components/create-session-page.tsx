import {
  COLLAB_ERRORS,
  COLLAB_SESSION_NAME_MAX,
  collabSessionPath,
} from '@beatroom/shared/collab-sessions-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createSession, sessionBeatQueryOptions } from '../api';
import { SessionNotFound } from './session-not-found';

/**
 * /studio/collaborate/create?beat={beatId} (with no code a
 * session is created with the user as host): opens a session over the beat, then goes to its
 * page, where the code can be shared. Without a beat there is nothing to open.
 */
export function CreateSessionPage() {
  const beatId = useSearchParams()[0].get('beat') ?? '';
  const navigate = useNavigate();
  const beat = useQuery({ ...sessionBeatQueryOptions(beatId), enabled: beatId !== '' });
  const create = useMutation({
    mutationFn: (name: string) => createSession({ beat_id: beatId, session_name: name }),
    onSuccess: (session) => navigate(collabSessionPath(session.session_code), { replace: true }),
  });
  const started = useRef(false);
  const { mutate } = create;
  const title = beat.data?.title;

  useEffect(() => {
    if (!title || started.current) return;
    started.current = true;
    mutate(`${title} Session`.slice(0, COLLAB_SESSION_NAME_MAX));
  }, [title, mutate]);

  if (!beatId) return <SessionNotFound message={COLLAB_ERRORS.noCode} />;
  if (beat.isError) return <SessionNotFound message={COLLAB_ERRORS.loadBeat} />;
  if (create.isError) return <SessionNotFound message={COLLAB_ERRORS.loadSession} />;
  return (
    <div
      role="status"
      className="mx-auto flex h-64 max-w-4xl items-center justify-center rounded-3xl bg-fg/10 text-muted"
    >
      Starting your session…
    </div>
  );
}
