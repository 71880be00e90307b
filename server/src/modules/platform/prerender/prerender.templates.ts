import type { BeatCard } from '@beatroom/shared/beat-list-contract';
import type { BeatDetail } from '@beatroom/shared/beats-contract';
import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { COVER_RENDITION_WIDTHS, coverRenditionKey, fileUrl } from '@beatroom/shared/file-urls';
import { formatJoined } from '@beatroom/shared/format-dates';
import { formatPrice } from '@beatroom/shared/format-money';
import { displayName } from '@beatroom/shared/format-names';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { BEAT_COVER_SIZES } from '../seo/seo.service';
import { markup, type Html } from './html';
import { icon } from './prerender-icons';

/*
 * The first screen of the public pages as plain HTML, painted before any script runs (for an early
 * largest paint on a phone). Class names are copied from the React components that replace this
 * markup when the app mounts (named beside each part), so the page looks the same before and after;
 * web/src/styles.css lists this folder as a Tailwind source so every class is generated. Only links
 * work here (they are real links); controls that need the app (play, like, buy, sign in, menus) are
 * left out or shown as inert shapes until React takes over, so nothing can be pressed that does
 * nothing.
 */

/** The prices a visitor sees: the app shows a signed-out visitor USD too. */
const CURRENCY = 'USD';
/** Widest an uploaded image is stored (the original JPEG): its width in a srcset. */
const ORIGINAL_WIDTH = 800;

/** An uploaded image's srcset (web/src/lib/stored-file.ts storedImage), or null without renditions. */
function srcset(key: string): string | null {
  const renditions = COVER_RENDITION_WIDTHS.flatMap((width) => {
    const rendition = coverRenditionKey(key, width);
    return rendition ? [`${fileUrl(rendition)} ${width}w`] : [];
  });
  return renditions.length ? [...renditions, `${fileUrl(key)} ${ORIGINAL_WIDTH}w`].join(', ') : null;
}

/** web/src/components/ui/cover-art.tsx CoverArt. */
function coverArt(opts: {
  imageKey: string | null;
  title: string;
  sizes: string;
  priority: boolean;
  className: string;
  initialClassName: string;
}): Html {
  const { imageKey, title, sizes, priority, className, initialClassName } = opts;
  if (!imageKey) {
    const initial = title.trim().charAt(0).toUpperCase() || '♪';
    return markup`<div role="img" aria-label="Cover of ${title}" class="flex items-center justify-center bg-linear-to-br from-violet-600 via-indigo-700 to-slate-900 ${className}"><span aria-hidden="true" class="font-black text-white/90 ${initialClassName}">${initial}</span></div>`;
  }
  const set = srcset(imageKey);
  const responsive = set ? markup` srcset="${set}" sizes="${sizes}"` : '';
  const loading = priority
    ? markup`loading="eager" fetchpriority="high" decoding="sync"`
    : markup`loading="lazy" decoding="async"`;
  return markup`<img src="${fileUrl(imageKey)}"${responsive} alt="Cover of ${title}" ${loading} class="object-cover ${className}">`;
}

/** web/src/components/ui/cover-art.tsx FeaturedBadge. */
function featuredBadge(className: string): Html {
  return markup`<span class="inline-flex items-center rounded-full bg-linear-to-r from-amber-400 to-orange-500 px-2.5 py-0.5 text-[11px] font-extrabold tracking-wider text-black shadow-lg shadow-orange-900/30 ${className}">FEATURED</span>`;
}

const navItem =
  'inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-fg/10 hover:text-fg aria-[current=page]:bg-fg/10 aria-[current=page]:text-fg';

/**
 * web/src/app/layout/header.tsx Header: logo, nav, and inert shapes where the theme menu and
 * the session control (its neutral placeholder) go.
 */
function header(onHome: boolean): Html {
  const current = onHome ? markup` aria-current="page"` : '';
  return markup`<header class="sticky top-0 z-40 border-b border-line bg-bg/75 backdrop-blur-xl"><div class="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 sm:px-6 lg:px-8"><a href="/" class="flex min-w-0 items-center gap-2.5 rounded-lg"><span class="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-violet-500 to-indigo-600 text-white shadow-lg shadow-violet-900/40">${icon('audio-waveform', 'size-5')}</span><span class="flex min-w-0 flex-col leading-tight"><span class="text-lg font-bold tracking-tight">Beatroom</span><span class="hidden truncate text-xs text-muted sm:block">Premium Beat Marketplace</span></span></a><nav aria-label="Main" class="order-last -mx-1 flex w-full items-center gap-1 overflow-x-auto pb-1 md:order-none md:mx-0 md:w-auto md:pb-0"><a href="/" class="${navItem}"${current}>Browse</a><span class="${navItem}">Genres${icon('chevron-down', 'size-4')}</span><a href="/?free=true" class="${navItem}">Free Beats</a></nav><div class="ml-auto flex items-center gap-1.5 sm:gap-2"><span aria-hidden="true" class="inline-flex size-9 items-center justify-center rounded-full text-muted">${icon('moon', 'size-[18px]')}</span><span aria-hidden="true" class="h-9 w-24 animate-pulse rounded-full bg-fg/10"></span></div></div></header>`;
}

/** web/src/app/layout/root-layout.tsx: the header and the main area around a page. */
function layout(page: Html, onHome = false): Html {
  return markup`<div class="flex min-h-dvh flex-col">${header(onHome)}<main id="main-content" tabindex="-1" class="mx-auto min-h-dvh w-full max-w-screen-2xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8">${page}</main></div>`;
}

const BUTTON_BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap transition-colors select-none';
/** web/src/components/ui/button.tsx buttonClasses(): primary and secondary, md. */
const PRIMARY = `${BUTTON_BASE} bg-accent text-accent-fg shadow-lg shadow-accent/25 hover:bg-accent-hover`;
const SECONDARY = `${BUTTON_BASE} border border-line bg-surface text-fg hover:bg-fg/10 h-10 px-4 text-sm`;

/** web/src/features/home/components/home-hero.tsx BARS. */
const BARS = [38, 62, 84, 55, 92, 70, 46, 78, 60, 88, 52, 74, 40, 66, 90, 58, 44, 80, 64, 50];

/** web/src/features/home/components/home-hero.tsx HomeHero. */
function homeHero(): Html {
  const bars = BARS.map(
    (height, index) =>
      markup`<span class="w-1.5 origin-bottom animate-equalizer rounded-full bg-linear-to-t from-indigo-500 to-violet-400 motion-reduce:animate-none" style="height:${height}%;animation-delay:${(index % 7) * 120}ms"></span>`,
  );
  return markup`<section aria-labelledby="home-hero-title" class="relative overflow-hidden rounded-3xl border border-line bg-surface/60 px-5 py-5 sm:px-8 sm:py-6 lg:px-10"><div aria-hidden="true" class="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-violet-600/25 blur-3xl"></div><div aria-hidden="true" class="pointer-events-none absolute -bottom-32 left-1/3 size-80 rounded-full bg-indigo-600/20 blur-3xl"></div><div class="relative flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between lg:gap-10"><div class="max-w-3xl"><p class="text-xs font-semibold tracking-wider text-accent uppercase">Beats, licences and vocals in one place</p><h1 id="home-hero-title" class="mt-2 text-2xl leading-tight font-bold tracking-tight text-balance sm:text-3xl xl:text-4xl">Find the beat that makes your next hit</h1><p class="mt-2 max-w-2xl text-sm text-pretty text-muted sm:text-base">Hip-Hop, Trap, Drill, R&amp;B and more from independent producers. Press play, pick a licence and record your vocals over it, all in one place.</p></div><div class="flex shrink-0 items-center gap-6"><div class="flex flex-wrap gap-3"><a href="#beats" class="${PRIMARY} h-10 px-4 text-sm">Browse Beats</a><a href="/?free=true" class="${SECONDARY}">Free Beats</a></div><div aria-hidden="true" class="hidden h-16 items-end gap-1 xl:flex">${bars}</div></div></div></section>`;
}

/** The grid's columns (web/src/features/catalogue/components/beat-grid.tsx GRID_CLASSES). */
const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4';

/** A card's price (web/src/features/purchase/components/beat-price-button.tsx, card variant). */
function cardPrice(beat: BeatCard): Html {
  const price = formatPrice(beat.is_free ? 0 : beat.price_cents, CURRENCY);
  const look =
    price === 'Free'
      ? 'bg-emerald-500/90 text-black'
      : 'border border-amber-300/40 bg-amber-300/10 text-amber-300';
  return markup`<span class="inline-flex shrink-0 items-center justify-center rounded-full font-bold whitespace-nowrap numeric h-7 gap-1 px-2.5 text-sm ${look}">${price}</span>`;
}

/** web/src/components/ui/icon-count.tsx IconCount. */
function iconCount(name: 'headphones' | 'download', label: string, value: number): Html {
  return markup`<span class="inline-flex items-center gap-1" title="${label}">${icon(name, 'size-3.5')}<span class="sr-only">${label}: </span>${formatNumber(value)}</span>`;
}

/** web/src/features/catalogue/components/beat-card.tsx BeatCard, without its controls. */
function beatCard(beat: BeatCard, priority: boolean): Html {
  const titleId = `beat-card-${beat.id}`;
  const cover = coverArt({
    imageKey: beat.cover_image_key,
    title: beat.title,
    sizes: '(min-width: 1280px) 22vw, (min-width: 768px) 30vw, 46vw',
    priority,
    className: 'size-full',
    initialClassName: 'text-6xl',
  });
  const featured = beat.is_featured ? featuredBadge('absolute top-2 left-2 sm:top-2.5 sm:left-2.5') : '';
  return markup`<li class="flex min-w-0"><article aria-labelledby="${titleId}" class="group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface/70 shadow-lg shadow-black/20"><div class="relative aspect-square overflow-hidden"><a href="/beat/${beat.id}" tabindex="-1">${cover}</a><div aria-hidden="true" class="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-linear-to-t from-black/60 to-transparent"></div>${featured}</div><div class="flex min-w-0 flex-1 flex-col gap-0.5 p-2.5 sm:gap-1 sm:p-3"><div class="flex min-w-0 flex-wrap items-center justify-between gap-x-2 gap-y-1"><h3 id="${titleId}" class="max-w-full min-w-0 truncate text-sm font-semibold sm:text-base"><a href="/beat/${beat.id}" class="hover:underline">${beat.title}</a></h3>${cardPrice(beat)}</div><a href="/profile/${beat.user_id}" class="min-h-6 min-w-0 truncate py-0.5 text-xs text-muted hover:text-fg hover:underline sm:text-sm">${beat.producer_name}</a><div class="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2 text-xs text-muted"><span class="max-w-full truncate rounded-full bg-fg/10 px-2 py-0.5 font-medium text-fg/80">${beat.genre}</span><span class="flex shrink-0 items-center gap-2.5 numeric">${iconCount('headphones', 'Plays', beat.play_count)}${iconCount('download', 'Downloads', beat.download_count)}</span></div></div></article></li>`;
}

/**
 * Home (web/src/app/routes/home-page.tsx): the hero, the catalogue's heading, the filter bar's
 * footprint and the first cards, the first two covers fetched at once (on a phone they are the
 * largest paint). `cards` is null when the URL filters the catalogue (the first cards would be
 * another list): then the hero alone.
 */
export function homeScreen(cards: readonly BeatCard[] | null): Html {
  // The filter bar's rows (filter-bar.tsx) and the view toggle, as inert shapes of their size.
  const field = 'h-10 rounded-xl border border-line bg-surface/70';
  const catalogue = cards
    ? markup`<section id="beats" aria-labelledby="beats-title" class="flex scroll-mt-32 flex-col gap-5"><div class="flex items-end justify-between gap-4"><div><h2 id="beats-title" class="text-2xl font-bold tracking-tight sm:text-3xl">All Beats</h2><p class="mt-1 text-sm text-muted">Press play on anything: the player keeps going while you browse.</p></div><div aria-hidden="true" class="h-10 w-[4.75rem] shrink-0 rounded-xl border border-line bg-surface/80"></div></div><div aria-hidden="true" class="flex flex-col gap-3"><div class="flex flex-col gap-3 lg:flex-row lg:items-center"><div class="${field} min-w-0 lg:flex-1"></div><div class="grid grid-cols-3 gap-2 lg:w-[27rem]"><div class="${field}"></div><div class="${field}"></div><div class="${field}"></div></div></div><div class="h-10"></div></div><ul aria-label="Beats" class="${GRID_CLASSES}">${cards.map((beat, index) => beatCard(beat, index < 2))}</ul></section>`
    : '';
  return layout(markup`<div class="flex flex-col gap-6 sm:gap-8">${homeHero()}${catalogue}</div>`, true);
}

/** web/src/components/ui/back-button.tsx BackButton (ghost, sm), as a link home. */
const BACK = markup`<div><a href="/" class="${BUTTON_BASE} text-muted hover:bg-fg/10 hover:text-fg h-8 px-3 text-sm">${icon('arrow-left', 'size-4')}Back</a></div>`;

/**
 * /beat/{id} (web/src/features/beat-detail/components/beat-detail-page.tsx and
 * beat-summary.tsx): back, cover, genre and price, title, producer, counts, description.
 */
export function beatScreen(beat: BeatDetail): Html {
  const price = formatPrice(beat.is_free ? 0 : beat.price_cents, CURRENCY);
  const cover = coverArt({
    imageKey: beat.cover_image_key,
    title: beat.title,
    sizes: BEAT_COVER_SIZES,
    priority: true,
    className: 'aspect-square w-full rounded-3xl shadow-2xl shadow-black/40',
    initialClassName: 'text-8xl',
  });
  const featured = beat.is_featured ? featuredBadge('absolute top-3 left-3') : '';
  const priceColour = price === 'Free' ? 'text-emerald-400' : 'text-amber-300';
  const description = beat.description
    ? markup`<p class="max-w-prose break-words whitespace-pre-line text-fg/85">${beat.description}</p>`
    : '';
  const summary = markup`<div class="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr] lg:grid-cols-[minmax(0,22rem)_1fr] lg:gap-10"><div class="relative mx-auto w-full max-w-sm md:max-w-none">${cover}${featured}</div><div class="flex min-w-0 flex-col gap-4"><div class="flex flex-wrap items-center gap-2"><span class="rounded-full bg-fg/10 px-3 py-1 text-xs font-semibold">${beat.genre}</span><span class="text-2xl font-extrabold numeric ${priceColour}">${price}</span></div><h1 id="beat-title" class="text-3xl font-bold tracking-tight break-words sm:text-4xl lg:text-5xl">${beat.title}</h1><div class="flex flex-wrap items-center gap-2 text-muted"><span>by</span><a href="/profile/${beat.user_id}" class="font-semibold text-fg hover:underline">${beat.producer_name}</a></div><div class="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted numeric"><span class="inline-flex items-center gap-1.5">${icon('headphones', 'size-4')}${formatNumber(beat.play_count)} plays</span><span class="inline-flex items-center gap-1.5">${icon('download', 'size-4')}${formatNumber(beat.download_count)} downloads</span></div>${description}</div></div>`;
  return layout(
    markup`<div class="flex flex-col gap-4">${BACK}<article aria-labelledby="beat-title" class="flex flex-col gap-8">${summary}</article></div>`,
  );
}

/** web/src/components/ui/avatar.tsx Avatar at 104 px. */
function avatar(imageKey: string | null, name: string): Html {
  const style = 'width:104px;height:104px;font-size:44px';
  if (imageKey) {
    return markup`<img src="${fileUrl(imageKey)}" alt="" referrerpolicy="no-referrer" class="shrink-0 rounded-full object-cover" style="${style}">`;
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return markup`<span aria-hidden="true" class="inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-violet-500 to-indigo-600 font-semibold text-white" style="${style}">${initial}</span>`;
}

/**
 * /profile/{id} (web/src/features/profile/components/profile-header.tsx): cover banner,
 * picture, name, location and joined date, bio: what everyone may see of any profile.
 */
export function profileScreen(data: ProfileResponse): Html {
  const { profile } = data;
  const name = displayName(profile.display_name, profile.user_id);
  const cover = profile.cover_image_key
    ? markup`<img src="${fileUrl(profile.cover_image_key)}" alt="Cover of ${name}" fetchpriority="high" class="size-full object-cover">`
    : '';
  const location = profile.location
    ? markup`<span class="inline-flex items-center gap-1.5">${profile.location}</span>`
    : '';
  const bio = profile.bio
    ? markup`<p class="mt-3 max-w-3xl text-sm leading-relaxed whitespace-pre-line">${profile.bio}</p>`
    : '';
  // The actions (Follow, Edit Profile) need the app: an empty slot of their height meanwhile.
  const section = markup`<section aria-labelledby="profile-name" class="overflow-hidden rounded-3xl border border-line bg-surface/60"><div class="relative h-36 bg-linear-to-br from-violet-700 via-indigo-800 to-slate-900 sm:h-52 lg:h-64">${cover}<div aria-hidden="true" class="absolute inset-0 bg-linear-to-t from-black/50 via-transparent to-transparent"></div></div><div class="px-4 pb-6 sm:px-8"><div class="relative -mt-12 flex flex-wrap items-end justify-between gap-3 sm:-mt-16"><div class="rounded-full bg-surface p-1 shadow-xl shadow-black/40">${avatar(profile.profile_image_key, name)}</div><div class="flex flex-wrap gap-2 pb-1"><span aria-hidden="true" class="h-10 w-24"></span></div></div><div class="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5"><h1 id="profile-name" class="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">${name}</h1></div><p class="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">${location}<span class="inline-flex items-center gap-1.5">Joined ${formatJoined(profile.created_at)}</span></p>${bio}</div></section>`;
  return layout(markup`<div class="flex flex-col gap-6">${section}</div>`);
}

/** A beat or profile that does not exist (beat-detail-page.tsx NotFound, profile-page.tsx). */
export function notFoundScreen(what: 'Beat' | 'Profile'): Html {
  const message =
    what === 'Beat'
      ? 'It may have been removed by its producer, or the link is wrong.'
      : "This user profile doesn't exist or has been removed";
  return layout(
    markup`<section class="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center text-center"><h1 class="mt-4 text-2xl font-semibold">${what} not found</h1><p class="mt-2 text-muted">${message}</p><a href="/" class="${PRIMARY} mt-8 h-12 px-6 text-base">Browse Beats</a></section>`,
  );
}
