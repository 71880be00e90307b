import type { NotificationType } from '@beatroom/shared/community-constants';
import {
  CircleDollarSign,
  Handshake,
  LifeBuoy,
  Megaphone,
  MessageSquareReply,
  Music,
  Star,
  Trophy,
  Undo2,
  UserPlus,
} from 'lucide-react';

const icons: Record<NotificationType, { Icon: typeof Music; className: string }> = {
  new_follower: { Icon: UserPlus, className: 'bg-sky-500/15 text-sky-400' },
  new_beat: { Icon: Music, className: 'bg-violet-500/15 text-violet-400' },
  beat_review: { Icon: Star, className: 'bg-amber-500/15 text-amber-400' },
  promotional: { Icon: Megaphone, className: 'bg-emerald-500/15 text-emerald-400' },
  new_sale: { Icon: CircleDollarSign, className: 'bg-green-500/15 text-green-400' },
  order_refunded: { Icon: Undo2, className: 'bg-orange-500/15 text-orange-400' },
  support_reply: { Icon: LifeBuoy, className: 'bg-rose-500/15 text-rose-400' },
  challenge_result: { Icon: Trophy, className: 'bg-yellow-500/15 text-yellow-400' },
  collaboration_response: { Icon: MessageSquareReply, className: 'bg-indigo-500/15 text-indigo-400' },
  collaboration_accepted: { Icon: Handshake, className: 'bg-teal-500/15 text-teal-400' },
};

/** The round type icon in front of a notification. */
export function NotificationIcon({ type, size = 'md' }: { type: NotificationType; size?: 'sm' | 'md' }) {
  const { Icon, className } = icons[type];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full ${className} ${
        size === 'sm' ? 'size-8' : 'size-10'
      }`}
    >
      <Icon className={size === 'sm' ? 'size-4' : 'size-5'} />
    </span>
  );
}

/** Labels of the type filter. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  new_follower: 'New followers',
  new_beat: 'New beats',
  beat_review: 'Reviews',
  promotional: 'Promotions',
  new_sale: 'Sales',
  order_refunded: 'Refunds',
  support_reply: 'Support',
  challenge_result: 'Challenges',
  collaboration_response: 'Collaboration responses',
  collaboration_accepted: 'Collaborations started',
};
