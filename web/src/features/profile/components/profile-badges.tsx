import type { Profile } from '@beatroom/shared/community-contract';
import { musicRoleLabel } from '@beatroom/shared/community-constants';
import { BadgeCheck, Crown, Gem, Sparkles, type LucideIcon } from 'lucide-react';

/** One coloured chip: icon plus label, titled for pointer users. */
function BadgeChip({
  icon: Icon,
  label,
  tone,
  iconClass,
}: {
  icon: LucideIcon;
  label: string;
  tone: string;
  iconClass?: string;
}) {
  return (
    <span
      title={label}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
    >
      <Icon aria-hidden="true" className={`size-3.5 ${iconClass ?? ''}`} />
      {label}
    </span>
  );
}

/**
 * The badges beside a name: owner (red diamond), admin (gold crown),
 * verified, the custom_profile_badge of the user's plan (e.g. PRO), and the user's
 * music role.
 */
export function ProfileBadges({ profile }: { profile: Profile }) {
  const role = musicRoleLabel(profile.user_role);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 align-middle">
      {profile.is_owner ? (
        <BadgeChip icon={Gem} label="Owner" tone="bg-red-500/15 text-red-400" iconClass="fill-red-500/30" />
      ) : null}
      {profile.is_admin ? (
        <BadgeChip
          icon={Crown}
          label="Admin"
          tone="bg-amber-400/15 text-amber-300"
          iconClass="fill-amber-400/40"
        />
      ) : null}
      {profile.verified ? (
        <BadgeChip icon={BadgeCheck} label="Verified" tone="bg-sky-500/15 text-sky-300" />
      ) : null}
      {profile.badge ? (
        <BadgeChip
          icon={Sparkles}
          label={profile.badge}
          tone="bg-violet-500/20 text-violet-300"
          iconClass="fill-violet-400/40"
        />
      ) : null}
      {role ? (
        <span className="inline-flex items-center rounded-full bg-fg/10 px-2 py-0.5 text-xs font-medium text-fg/80">
          {role}
        </span>
      ) : null}
    </span>
  );
}
