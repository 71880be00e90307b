import { positionAt, type CollabSessionData } from '@beatroom/shared/collab-sessions-contract';
import { useMutation } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { sendTransport } from '../api';
import { useCollabLiveStore } from '../store/collab-live-store';

/** m:ss of a position in seconds. */
export function formatPosition(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The session's timeline position now, by the server's clock; ticks while playing. */
function useTimeline(data: CollabSessionData) {
  const offset = useCollabLiveStore((s) => s.clockOffsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!data.is_playing) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [data.is_playing]);
  return positionAt(data, Math.max(now, Date.now()) + offset);
}

/**
 * The host's transport (play, pause, back to the start) and, for everyone, where the session is:
 * members follow it (their players are driven by the live transport events).
 */
export function TransportBar({
  sessionId,
  data,
  isHost,
  disabled,
  onData,
}: {
  sessionId: string;
  data: CollabSessionData;
  isHost: boolean;
  disabled: boolean;
  onData: (data: CollabSessionData) => void;
}) {
  const position = useTimeline(data);
  const transport = useMutation({
    mutationFn: (next: { is_playing: boolean; position: number }) => sendTransport(sessionId, next),
    onSuccess: onData,
  });

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-fg/5 px-4 py-3">
      {isHost ? (
        <>
          <Button
            onClick={() => transport.mutate({ is_playing: !data.is_playing, position })}
            disabled={disabled || transport.isPending}
            aria-label={data.is_playing ? 'Pause' : 'Play'}
          >
            {data.is_playing ? (
              <Pause aria-hidden="true" className="size-4" />
            ) : (
              <Play aria-hidden="true" className="size-4" />
            )}
            {data.is_playing ? 'Pause' : 'Play'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => transport.mutate({ is_playing: data.is_playing, position: 0 })}
            disabled={disabled || transport.isPending}
          >
            Back to start
          </Button>
        </>
      ) : (
        <span className="text-sm text-muted">The host controls playback</span>
      )}
      <output aria-label="Transport" className="ml-auto flex items-center gap-3 text-sm">
        <span className={data.is_playing ? 'font-semibold text-emerald-300' : 'text-muted'}>
          {data.is_playing ? 'Playing' : 'Paused'}
        </span>
        <span role="timer" className="font-mono tabular-nums" aria-label="Position">
          {formatPosition(position)}
        </span>
      </output>
    </div>
  );
}
