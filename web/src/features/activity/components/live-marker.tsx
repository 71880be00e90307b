import type { ConnectionStatus } from '@beatroom/shared/community-constants';

/** "Live" while the realtime connection is open, "Offline" otherwise. */
export function LiveMarker({ status }: { status: ConnectionStatus }) {
  const live = status === 'connected';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${
        live ? 'bg-emerald-500/15 text-emerald-400' : 'bg-fg/10 text-muted'
      }`}
    >
      <span aria-hidden="true" className="relative flex size-2">
        {live ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
        ) : null}
        <span
          className={`relative inline-flex size-2 rounded-full ${live ? 'bg-emerald-400' : 'bg-muted'}`}
        />
      </span>
      {live ? 'Live' : 'Offline'}
    </span>
  );
}
