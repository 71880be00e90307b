import { formatTimeAgo } from '@beatroom/shared/format-dates';
import type { StudioSession } from '@beatroom/shared/studio-sessions-contract';
import { FolderOpen, RefreshCw, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { PanelSection } from '../../../components/ui/panel-section';
import { useStudioSessions } from '../hooks/use-studio-sessions';
import { STUDIO_ALERTS } from '../studio-alerts';
import { useStudioStore } from '../store/studio-store';
import { SaveSessionDialog } from './save-session-dialog';

function ConfirmDelete({
  session,
  onCancel,
  onConfirm,
}: {
  session: StudioSession | null;
  onCancel: () => void;
  onConfirm: (session: StudioSession) => Promise<void>;
}) {
  const [deleting, setDeleting] = useState(false);
  return (
    <DialogShell
      open={session !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Delete "${session?.session_name ?? ''}"?`}
      description={STUDIO_ALERTS.deleteSessionConfirm}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          disabled={deleting}
          className="bg-red-600 shadow-red-600/25 hover:bg-red-500"
          onClick={() => {
            if (!session) return;
            setDeleting(true);
            void onConfirm(session).finally(() => setDeleting(false));
          }}
        >
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </DialogShell>
  );
}

/** Session management: browse with Load and delete, Save Session, 'Auto-saving'. */
export function SessionsPanel({ beatId }: { beatId: string }) {
  const { sessions, save, load, remove } = useStudioSessions(beatId);
  const current = useStudioStore((state) => state.currentSession);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<StudioSession | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const list = sessions.data ?? [];

  return (
    <PanelSection
      title="Sessions"
      Icon={FolderOpen}
      actions={
        <div className="flex items-center gap-2">
          {current ? (
            <span
              role="status"
              className="inline-flex items-center gap-1 rounded-full bg-green-500/15 px-2.5 py-1 text-xs font-medium text-green-400"
            >
              <RefreshCw aria-hidden="true" className="size-3" />
              Auto-saving
            </span>
          ) : null}
          <Button size="sm" onClick={() => setSaving(true)}>
            <Save aria-hidden="true" className="size-4" />
            Save Session
          </Button>
        </div>
      }
    >
      {current ? (
        <p className="mt-2 text-sm text-muted">
          Current session: <span className="font-medium text-fg">{current.name}</span>
        </p>
      ) : null}
      {sessions.isPending ? (
        <ul aria-label="Loading sessions" className="mt-3 flex flex-col gap-2">
          {[1, 2].map((n) => (
            <li key={n} className="h-12 animate-pulse rounded-xl bg-fg/10" />
          ))}
        </ul>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No saved sessions for this beat yet. Save one to keep your settings; it then saves itself.
        </p>
      ) : (
        <ul aria-label="Saved sessions" className="mt-3 divide-y divide-line">
          {list.map((session) => (
            <li key={session.id} className="flex items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {session.session_name}
                  {current?.id === session.id ? <span className="sr-only"> (current)</span> : null}
                </p>
                <p className="text-xs text-muted">Saved {formatTimeAgo(session.updated_at)}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={loadingId === session.id}
                aria-label={`Load ${session.session_name}`}
                onClick={() => {
                  setLoadingId(session.id);
                  void load(session.id).finally(() => setLoadingId(null));
                }}
              >
                Load
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${session.session_name}`}
                onClick={() => setDeleting(session)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <SaveSessionDialog open={saving} onOpenChange={setSaving} onSave={save} />
      <ConfirmDelete
        session={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={async (session) => {
          if (await remove(session.id)) setDeleting(null);
        }}
      />
    </PanelSection>
  );
}
