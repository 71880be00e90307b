import { rawHtml, type Html } from './html';

/**
 * The few Lucide icons (lucide-react 1.75, ISC) the first screen shows, as the SVG React
 * renders for them, so the server needs no icon library and the swap to React does not move.
 */
const ICONS = {
  'audio-waveform': [
    'M2 13a2 2 0 0 0 2-2V7a2 2 0 0 1 4 0v13a2 2 0 0 0 4 0V4a2 2 0 0 1 4 0v13a2 2 0 0 0 4 0v-4a2 2 0 0 1 2-2',
  ],
  headphones: [
    'M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3',
  ],
  download: ['M12 15V3', 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5'],
  'chevron-down': ['m6 9 6 6 6-6'],
  'arrow-left': ['m12 19-7-7 7-7', 'M19 12H5'],
  moon: [
    'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401',
  ],
} as const;

export type IconName = keyof typeof ICONS;

export function icon(name: IconName, className: string): Html {
  const paths = ICONS[name].map((d) => `<path d="${d}"></path>`).join('');
  return rawHtml(
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="lucide lucide-${name} ${className}">${paths}</svg>`,
  );
}
