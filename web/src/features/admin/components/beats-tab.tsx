import { ADMIN_TEXTS, type AdminBeatRow } from '@beatroom/shared/admin-contract';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Music, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { adminBeatsQueryOptions, adminKeys, deleteBeat, setBeatFeatured } from '../api';
import { Badge, toastFailure, toastSuccess } from './admin-parts';
import { AdminListTab, useAdminListState } from './admin-list-tab';

/**
 * The Beats tab: search, paging, the featured toggle and deletion with its confirmation.
 * `onBeatsChanged`: the catalogue's lists must refetch (a badge, a gone beat).
 */
export function BeatsTab({ onBeatsChanged }: { onBeatsChanged?: () => void }) {
  const list = useAdminListState();
  const setConfirmation = list.setConfirmation;
  const queryClient = useQueryClient();
  const beats = useQuery(adminBeatsQueryOptions(list.page, list.search));
  const refresh = async () => {
    // The catalogue's lists show the featured badge and filter (app/ knows their keys).
    onBeatsChanged?.();
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };

  const toggleFeatured = async (beat: AdminBeatRow) => {
    try {
      await setBeatFeatured(beat.id, !beat.is_featured);
      toastSuccess(beat.is_featured ? ADMIN_TEXTS.beatUnfeatured : ADMIN_TEXTS.beatFeatured);
      await refresh();
    } catch (error) {
      toastFailure(error, ADMIN_TEXTS.featuredFailed);
    }
  };

  const remove = (beat: AdminBeatRow) =>
    setConfirmation({
      title: 'Delete beat',
      message: `Are you sure you want to delete "${beat.title}"? This action cannot be undone.`,
      confirmLabel: 'Delete Beat',
      run: async () => {
        try {
          await deleteBeat(beat.id);
          toastSuccess(ADMIN_TEXTS.beatDeleted);
          await refresh();
        } catch (error) {
          toastFailure(error, ADMIN_TEXTS.deleteBeatFailed);
        }
      },
    });

  return (
    <AdminListTab
      name="Beats"
      Icon={Music}
      head={['Beat', 'Producer', 'Plays', 'Downloads', 'Featured', 'Actions']}
      state={list}
      query={beats}
      empty={beats.data?.beats.length === 0}
      rows={
        <>
          {(beats.data?.beats ?? []).map((beat) => (
            <tr key={beat.id} data-testid="admin-beat-row">
              <td className="px-3 py-2">
                <Link to={`/beat/${beat.id}`} className="font-medium hover:underline">
                  {beat.title}
                </Link>
                <div className="text-xs text-muted">{beat.genre}</div>
              </td>
              <td className="px-3 py-2">{beat.producer_name}</td>
              <td className="numeric px-3 py-2">{formatNumber(beat.play_count)}</td>
              <td className="numeric px-3 py-2">{formatNumber(beat.download_count)}</td>
              <td className="px-3 py-2">
                {beat.is_featured ? <Badge tone="featured">FEATURED</Badge> : <Badge tone="muted">No</Badge>}
              </td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap gap-1.5">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-pressed={beat.is_featured}
                    onClick={() => void toggleFeatured(beat)}
                  >
                    <Star aria-hidden="true" className="size-4" />
                    {beat.is_featured ? 'Unfeature' : 'Feature'}
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-400" onClick={() => remove(beat)}>
                    Delete
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </>
      }
    />
  );
}
