import type { Profile } from '@beatroom/shared/community-contract';
import { MUSIC_ROLES } from '@beatroom/shared/constants';
import { BadgeCheck, Crown, Gem } from 'lucide-react';

export function roleLabel(role: string | null): string | null {
  if (!role) return null;
  return MUSIC_ROLES.find((r) => r.value === role)?.label ?? null;
}

/**
 * The badges beside a name (platform.md §2 "Profile"): owner (red diamond), admin (gold crown),
 * verified, and the user's music role.
 */
export function ProfileBadges({ profile }: { profile: Profile }) {
  const role = roleLabel(profile.user_role);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 align-middle">
      {profile.is_owner ? (
        <span
          title="Owner"
          className="inline-flex items-center gap-1 rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-400"
        >
          <Gem aria-hidden="true" className="size-3.5 fill-red-500/30" />
          Owner
        </span>
      ) : null}
      {profile.is_admin ? (
        <span
          title="Admin"
          className="inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-semibold text-amber-300"
        >
          <Crown aria-hidden="true" className="size-3.5 fill-amber-400/40" />
          Admin
        </span>
      ) : null}
      {profile.verified ? (
        <span
          title="Verified"
          className="inline-flex items-center gap-1 rounded-full bg-sky-500/15 px-2 py-0.5 text-xs font-semibold text-sky-300"
        >
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          Verified
        </span>
      ) : null}
      {role ? (
        <span className="inline-flex items-center rounded-full bg-fg/10 px-2 py-0.5 text-xs font-medium text-fg/80">
          {role}
        </span>
      ) : null}
    </span>
  );
}
