import { COVER_RENDITION_WIDTHS, coverRenditionKey, fileUrl } from '@beatroom/shared/file-urls';
import { formatPrice } from '@beatroom/shared/format-money';
import { displayName } from '@beatroom/shared/format-names';
import { isUuid } from '../../../http/params';
import type { SeoRepository } from './seo.repository';

export const SITE_NAME = 'Beatroom';
/** The home page's title and description: also what index.html says before any page is known. */
export const DEFAULT_TITLE = 'Beatroom · Premium Beat Marketplace';
export const DEFAULT_DESCRIPTION =
  'Beatroom: premium beats from independent producers. Play, license, download and record vocals.';
/** Search engines show about this much of a description. */
const DESCRIPTION_MAX = 160;

/** What a page says about itself in its <head>: title, description and its link preview. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  type: 'website' | 'music.song' | 'profile';
  /** Absolute URL of the preview image, when the page has one. */
  image: string | null;
  /** A beat's price as chat apps show it ('$29.99' or 'Free'). */
  price: { label: string; amount: string | null; currency: string } | null;
  /**
   * The page's largest image, fetched from the HTML before any script runs (a beat's cover:
   * its largest paint), with the same srcset and sizes the page's <img> uses.
   */
  preloadImage: { href: string; srcset: string; sizes: string } | null;
}

/** The beat page cover's `sizes` (web/src/features/beat-detail/components/beat-summary.tsx). */
export const BEAT_COVER_SIZES = '(min-width: 1024px) 22rem, (min-width: 768px) 18rem, min(100vw, 24rem)';
/** Widest an uploaded image is stored (the original JPEG). */
const ORIGINAL_WIDTH = 800;

/** An uploaded image's srcset: its WebP renditions and the original (web/src/lib/stored-file.ts). */
function imageSrcset(key: string): string {
  return [
    ...COVER_RENDITION_WIDTHS.map((width) => `${fileUrl(coverRenditionKey(key, width)!)} ${width}w`),
    `${fileUrl(key)} ${ORIGINAL_WIDTH}w`,
  ].join(', ');
}

function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A path segment decoded, or null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** The head tags of a page, each line escaped (every value may come from a user). */
export function headTags(meta: PageMeta): string {
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) {
    tags.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
  }
  if (meta.price) {
    // Slack and others show label/data pairs under the preview.
    tags.push(['name', 'twitter:label1', 'Price'], ['name', 'twitter:data1', meta.price.label]);
    if (meta.price.amount) {
      tags.push(
        ['property', 'product:price:amount', meta.price.amount],
        ['property', 'product:price:currency', meta.price.currency],
      );
    }
  }
  const preload = meta.preloadImage
    ? [
        `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage.href)}" imagesrcset="${escapeHtml(meta.preloadImage.srcset)}" imagesizes="${escapeHtml(meta.preloadImage.sizes)}" fetchpriority="high" />`,
      ]
    : [];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...preload,
    ...tags.map(([attr, name, content]) => `<meta ${attr}="${name}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}

/**
 * index.html with the page's own head: its <title> and description meta replaced, the
 * canonical link and Open Graph tags added, so search engines and chat apps (which never run
 * the app's JavaScript) see what the page is.
 */
export function withPageHead(html: string, meta: PageMeta): string {
  const tags = headTags(meta);
  const withoutDescription = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const title = /<title>[\s\S]*?<\/title>/i;
  if (title.test(withoutDescription)) return withoutDescription.replace(title, () => tags);
  return withoutDescription.replace(/<\/head>/i, () => `${tags}\n</head>`);
}

/**
 * robots.txt, the sitemap of public beats and profiles, and the head of each public page.
 * Absolute URLs start at PUBLIC_URL.
 */
export function createSeoService(deps: { repo: SeoRepository; publicUrl: string }) {
  const { repo } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${base}${path}`;

  const home = (path: string): PageMeta => ({
    title: DEFAULT_TITLE,
    description: DEFAULT_DESCRIPTION,
    url: absolute(path),
    type: 'website',
    image: null,
    price: null,
    preloadImage: null,
  });

  async function beatMeta(id: string | null, path: string): Promise<PageMeta | null> {
    const beat = id && isUuid(id) ? await repo.beat(id) : null;
    if (!beat) return null;
    const producer = displayName(beat.producerName, beat.userId, 'Producer');
    const price = beat.isFree ? 'Free' : formatPrice(beat.priceCents, 'USD');
    const facts = [
      `${beat.genre} beat`,
      beat.bpm ? `${beat.bpm} BPM` : null,
      price === 'Free' ? 'free download' : price,
    ]
      .filter(Boolean)
      .join(' · ');
    return {
      title: `${beat.title} by ${producer} · ${SITE_NAME}`,
      description: clip(`${facts}. ${beat.description ?? `${beat.title} by ${producer} on ${SITE_NAME}.`}`),
      url: absolute(path),
      type: 'music.song',
      image: beat.coverImageKey ? absolute(fileUrl(beat.coverImageKey)) : null,
      price: {
        label: price,
        amount: price === 'Free' ? null : (beat.priceCents / 100).toFixed(2),
        currency: 'USD',
      },
      preloadImage:
        beat.coverImageKey && coverRenditionKey(beat.coverImageKey, 256)
          ? {
              href: fileUrl(beat.coverImageKey),
              srcset: imageSrcset(beat.coverImageKey),
              sizes: BEAT_COVER_SIZES,
            }
          : null,
    };
  }

  async function profileMeta(id: string | null, path: string): Promise<PageMeta | null> {
    const profile = id && isUuid(id) ? await repo.profile(id) : null;
    if (!profile) return null;
    const name = displayName(profile.displayName ?? profile.name, profile.id);
    return {
      title: `${name} · ${SITE_NAME}`,
      description: clip(profile.bio?.trim() || `${name}'s beats, reviews and favourites on ${SITE_NAME}.`),
      url: absolute(path),
      type: 'profile',
      image: profile.profileImageKey ? absolute(fileUrl(profile.profileImageKey)) : null,
      price: null,
      preloadImage: null,
    };
  }

  return {
    /** The head of the page at `pathname`: a beat's or profile's own, else the site's. */
    async pageMeta(pathname: string): Promise<PageMeta> {
      const beat = /^\/beats?\/([^/]+)\/?$/.exec(pathname);
      if (beat) return (await beatMeta(decodeSegment(beat[1]!), `/beat/${beat[1]}`)) ?? home(pathname);
      const profile = /^\/profile\/([^/]+)\/?$/.exec(pathname);
      if (profile) {
        return (await profileMeta(decodeSegment(profile[1]!), `/profile/${profile[1]}`)) ?? home(pathname);
      }
      return home(pathname === '/' ? '/' : pathname);
    },

    robotsTxt(): string {
      return [
        'User-agent: *',
        // Pages that are someone's own (or a checkout) say nothing to a search engine.
        ...[
          '/api/',
          '/auth/',
          '/checkout/',
          '/downloads',
          '/earnings',
          '/settings',
          '/notifications',
          '/admin',
        ].map((path) => `Disallow: ${path}`),
        'Allow: /api/files/',
        '',
        `Sitemap: ${absolute('/sitemap.xml')}`,
        '',
      ].join('\n');
    },

    async sitemapXml(): Promise<string> {
      const { beats, profiles } = await repo.sitemap();
      const url = (loc: string, lastmod?: Date) =>
        `  <url><loc>${escapeXml(absolute(loc))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        url('/'),
        ...beats.map((beat) => url(`/beat/${beat.id}`, beat.updatedAt)),
        ...profiles.map((profile) => url(`/profile/${profile.id}`, profile.updatedAt)),
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
