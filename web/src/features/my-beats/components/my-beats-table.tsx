import { formatAmount } from '@beatroom/shared/format-money';
import { formatDate } from '@beatroom/shared/format-dates';
import { formatNumber } from '@beatroom/shared/format-numbers';
import type { MyBeat, MyBeatsResponse, MyBeatsSort, MyBeatStatus } from '@beatroom/shared/my-beats-contract';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BeatPrice } from '../../../components/ui/beat-price';
import { CoverArt } from '../../../components/ui/cover-art';
import { RowActionButton } from '../../../components/ui/row-action-button';
import { storedImage } from '../../../lib/stored-file';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';

const STATUS: Record<MyBeatStatus, { label: string; className: string }> = {
  processing: { label: 'Processing', className: 'bg-amber-500/15 text-amber-300' },
  failed: { label: 'Processing failed', className: 'bg-red-500/15 text-red-300' },
  live: { label: 'Live', className: 'bg-emerald-500/15 text-emerald-300' },
  sold_exclusive: { label: 'Sold exclusively', className: 'bg-sky-500/15 text-sky-300' },
};

export function StatusBadge({ status }: { status: MyBeatStatus }) {
  const { label, className } = STATUS[status];
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      {label}
    </span>
  );
}

const PROMOTION_NAMES: Record<string, string> = {
  featured_week: 'Featured',
  featured_month: 'Featured',
  homepage_boost: 'Boosted',
};

function PromotionCell({ beat }: { beat: MyBeat }) {
  if (!beat.promotion) return <span className="text-muted">Not promoted</span>;
  return (
    <span className="whitespace-nowrap">
      {PROMOTION_NAMES[beat.promotion.type] ?? 'Promoted'}
      <span className="block text-xs text-muted">until {formatDate(beat.promotion.ends_at)}</span>
    </span>
  );
}

interface Column {
  sort: MyBeatsSort;
  label: string;
  numeric: boolean;
}
const COLUMNS: Column[] = [
  { sort: 'title', label: 'Beat', numeric: false },
  { sort: 'newest', label: 'Uploaded', numeric: false },
  { sort: 'plays', label: 'Plays', numeric: true },
  { sort: 'downloads', label: 'Downloads', numeric: true },
  { sort: 'sales', label: 'Sales', numeric: true },
  { sort: 'revenue', label: 'Revenue', numeric: true },
];

export interface MyBeatsTableProps {
  data: MyBeatsResponse;
  sort: MyBeatsSort;
  order: 'asc' | 'desc';
  onSort: (sort: MyBeatsSort) => void;
  onEdit: (beat: MyBeat) => void;
  onDelete: (beat: MyBeat) => void;
  /** The promotions feature's Promote button, handed in by app/. */
  promoteButton?: ((beat: MyBeat) => ReactNode) | undefined;
}

/** The producer's beats, one row each, sortable by the column headers (aria-sort says how). */
export function MyBeatsTable({
  data,
  sort,
  order,
  onSort,
  onEdit,
  onDelete,
  promoteButton,
}: MyBeatsTableProps) {
  const money = (cents: number) => formatAmount(cents, data.currency);
  const currency = usePreferredCurrency();
  const header = (column: Column) => {
    const active = column.sort === sort;
    const Arrow = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th
        key={column.sort}
        scope="col"
        aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
        className={`px-3 py-2 font-medium ${column.numeric ? 'text-right' : 'text-left'}`}
      >
        <button
          type="button"
          onClick={() => onSort(column.sort)}
          className={`inline-flex items-center gap-1 rounded hover:text-fg ${active ? 'text-fg' : ''}`}
        >
          {column.label}
          <Arrow aria-hidden="true" className="size-3.5" />
        </button>
      </th>
    );
  };
  const cell = 'px-3 py-2.5 text-right numeric';
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-3xl text-sm">
        <caption className="sr-only">
          My beats, sorted by {COLUMNS.find((c) => c.sort === sort)?.label}
        </caption>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            {header(COLUMNS[0]!)}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Status
            </th>
            {COLUMNS.slice(1).map(header)}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Promotion
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.beats.map((beat) => (
            <tr key={beat.id} className="border-b border-line/60 last:border-0">
              <th scope="row" className="px-3 py-2.5 text-left font-medium">
                <span className="flex min-w-0 items-center gap-3">
                  <CoverArt
                    src={storedImage(beat.cover_image_key)}
                    sizes="40px"
                    title={beat.title}
                    className="size-10 shrink-0 rounded-lg"
                    initialClassName="text-base"
                  />
                  <span className="flex min-w-0 flex-col">
                    <Link to={`/beat/${beat.id}`} className="truncate hover:underline">
                      {beat.title}
                    </Link>
                    <BeatPrice beat={beat} currency={currency} className="text-xs font-semibold" />
                  </span>
                </span>
              </th>
              <td className="px-3 py-2.5">
                <StatusBadge status={beat.status} />
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-muted">{formatDate(beat.created_at)}</td>
              <td className={cell}>{formatNumber(beat.plays)}</td>
              <td className={cell}>{formatNumber(beat.downloads)}</td>
              <td className={cell}>{formatNumber(beat.sales)}</td>
              <td className={cell}>{money(beat.revenue_cents)}</td>
              <td className="px-3 py-2.5">
                <PromotionCell beat={beat} />
              </td>
              <td className="px-3 py-2.5">
                <span className="flex justify-end gap-2">
                  <RowActionButton
                    Icon={Pencil}
                    label="Edit"
                    item={beat.title}
                    onClick={() => onEdit(beat)}
                  />
                  {beat.status === 'live' ? promoteButton?.(beat) : null}
                  <RowActionButton
                    Icon={Trash2}
                    label="Delete"
                    item={beat.title}
                    onClick={() => onDelete(beat)}
                    variant="ghost"
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
