/**
 * Which server area each module belongs to, as its folder says (`modules/<area>/<module>`; a
 * test holds the two together): the API reference groups its tags (one per module) under these
 * headings. A module missing here is listed under "Other", and the
 * OpenAPI test fails, so a new module gets its area when it gets its first route.
 */
export const AREA_OF_MODULE: Record<string, string> = {
  // Platform: who is signed in and their account, health, settings, realtime, jobs, storage.
  auth: 'Platform',
  users: 'Platform',
  account: 'Platform',
  health: 'Platform',
  'user-settings': 'Platform',
  realtime: 'Platform',
  jobs: 'Platform',
  storage: 'Platform',
  seo: 'Platform',
  prerender: 'Platform',
  seed: 'Platform',
  mail: 'Platform',
  // Catalogue: files, uploads, beats and what listeners do with them.
  uploads: 'Catalogue',
  previews: 'Catalogue',
  audio: 'Catalogue',
  beats: 'Catalogue',
  'my-beats': 'Catalogue',
  files: 'Catalogue',
  analytics: 'Catalogue',
  stems: 'Catalogue',
  // Community: people, feeds, notifications, the studio and working together.
  activity: 'Community',
  notifications: 'Community',
  profiles: 'Community',
  follows: 'Community',
  live: 'Community',
  studio: 'Community',
  recordings: 'Community',
  'collab-sessions': 'Community',
  collaborations: 'Community',
  challenges: 'Community',
  // Commerce: money in and out, and what buyers get.
  payments: 'Commerce',
  orders: 'Commerce',
  checkout: 'Commerce',
  downloads: 'Commerce',
  invoices: 'Commerce',
  credits: 'Commerce',
  'account-payments': 'Commerce',
  subscriptions: 'Commerce',
  promotions: 'Commerce',
  earnings: 'Commerce',
  cart: 'Commerce',
  coupons: 'Commerce',
  'licence-terms': 'Commerce',
  // Operations: support, administration, moderation.
  support: 'Operations',
  admin: 'Operations',
  audit: 'Operations',
  reports: 'Operations',
};

/** Plugin names that differ from their module's folder. */
const MODULE_OF_PLUGIN: Record<string, string> = { 'admin-settings': 'admin', 'demo-seed': 'seed' };

/**
 * The module registering routes right now, from the root instance's plugin chain ("fastify ->
 * errors -> … -> beats -> @fastify/cookie"): its last name that is not a package's.
 */
export function moduleOfPluginChain(chain: string): string {
  const names = chain.split(' -> ');
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    if (name.startsWith('@') || name.includes('/')) continue;
    return MODULE_OF_PLUGIN[name] ?? name;
  }
  return 'other';
}
