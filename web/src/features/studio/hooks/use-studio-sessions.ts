import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { STUDIO_AUDIO, type StudioSessionData } from '@beatroom/shared/studio-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { StudioSession } from '@beatroom/shared/studio-sessions-contract';
import {
  createStudioSession,
  deleteStudioSession,
  saveStudioSessionData,
  studioKeys,
  studioSessionsQueryOptions,
} from '../api';
import { STUDIO_ALERTS } from '../studio-alerts';
import { currentArrangement, useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import { effectsOf } from '../timeline/track-effects';

/** What a session stores: the settings and the timeline (the takes' audio stays in files). */
export function sessionData(): StudioSessionData {
  return { ...useStudioStore.getState().settings, arrangement: currentArrangement() };
}

const success = (title: string) => showToast({ type: 'success', title });
const failure = (title: string) => showToast({ type: 'error', title });

/**
 * Session handling: Save Session makes the new session current, Load makes
 * the chosen one current, deleting the current one clears it. Each answers with its alert.
 */
export function useStudioSessions(beatId: string) {
  const queryClient = useQueryClient();
  const sessions = useQuery(studioSessionsQueryOptions(beatId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: studioKeys.sessions(beatId) });

  /** Resolves true when saved; the dialog stays open otherwise. */
  async function save(name: string): Promise<boolean> {
    const { setCurrentSession } = useStudioStore.getState();
    try {
      const saved = await createStudioSession({
        beat_id: beatId,
        session_name: name,
        session_data: sessionData(),
        is_public: false,
      });
      setCurrentSession({ id: saved.id, name: saved.session_name });
      success(STUDIO_ALERTS.sessionSaved);
      void refresh();
      return true;
    } catch (error) {
      console.error(`Failed to save the session: ${describeError(error)}`);
      failure(STUDIO_ALERTS.saveSessionFailed);
      return false;
    }
  }

  /** Loads the session as stored now (not as listed), so a change auto-saved meanwhile counts. */
  async function load(id: string): Promise<void> {
    try {
      const session = await apiClient.get(`/api/studio/sessions/${encodeURIComponent(id)}`, {
        schema: StudioSession,
      });
      // A session saved before the timeline existed gets a fresh one with its chain.
      const { arrangement, ...settings } = session.session_data;
      useArrangementStore.getState().load(arrangement ?? emptyArrangement(effectsOf(settings)));
      useStudioStore.getState().loadSession({ id: session.id, name: session.session_name }, settings);
      success(STUDIO_ALERTS.sessionLoaded(session.session_name));
    } catch (error) {
      console.error(`Failed to load the session: ${describeError(error)}`);
      failure(STUDIO_ALERTS.loadSessionFailed);
    }
  }

  async function remove(id: string): Promise<boolean> {
    try {
      await deleteStudioSession(id);
      const { currentSession, setCurrentSession } = useStudioStore.getState();
      if (currentSession?.id === id) setCurrentSession(null);
      success(STUDIO_ALERTS.sessionDeleted);
      void refresh();
      return true;
    } catch (error) {
      console.error(`Failed to delete the session: ${describeError(error)}`);
      failure(STUDIO_ALERTS.deleteSessionFailed);
      return false;
    }
  }

  return { sessions, save, load, remove };
}

/**
 * While a session is current, any change is saved 2 s after it; a change within those
 * 2 s starts the wait again. Loading or saving a session is not a change. A change still
 * waiting when the page leaves is saved then. Failures are only logged.
 */
export function useAutoSave(beatId: string): void {
  const queryClient = useQueryClient();
  const revision = useStudioStore((state) => state.revision);
  const sessionId = useStudioStore((state) => state.currentSession?.id ?? null);
  const baseline = useRef({ sessionId, revision });
  const pending = useRef<(() => void) | null>(null);

  // Leaving with a change not yet saved: save it now rather than lose it. Declared first so
  // its cleanup runs before the timer's (React runs a component's cleanups in order).
  useEffect(
    () => () => {
      pending.current?.();
    },
    [],
  );

  useEffect(() => {
    if (baseline.current.sessionId !== sessionId) {
      baseline.current = { sessionId, revision };
      return;
    }
    if (!sessionId || revision === baseline.current.revision) return;
    const flush = () => {
      pending.current = null;
      baseline.current = { sessionId, revision };
      saveStudioSessionData(sessionId, sessionData())
        .then(() => queryClient.invalidateQueries({ queryKey: studioKeys.sessions(beatId) }))
        .catch((error: unknown) => console.error(`Auto-save failed: ${describeError(error)}`));
    };
    pending.current = flush;
    const timer = window.setTimeout(flush, STUDIO_AUDIO.AUTO_SAVE_MS);
    return () => {
      window.clearTimeout(timer);
      if (pending.current === flush) pending.current = null;
    };
  }, [beatId, queryClient, revision, sessionId]);
}
