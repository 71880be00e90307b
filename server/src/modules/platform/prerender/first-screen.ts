import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '@beatroom/shared/first-screen-data';

/**
 * index.html with a page's first screen inside `<div id="root">`: the browser paints it as soon
 * as the HTML and CSS are in, and React's createRoot replaces it when the app mounts. The
 * markup is inserted with a function replacer, so `$&` and the like in it stay literal.
 *
 * `data` goes just before #root as a JSON script element (never executed; outside #root, so
 * React's first render leaves it alone). Every `<` in it is written as \u003c, so no user text
 * in it can close the element or open a comment.
 */
export function withFirstScreen(indexHtml: string, markup: string, data?: FirstScreenData): string {
  const json = data
    ? `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
    : '';
  return indexHtml.replace(/<div id="root"><\/div>/, () => `${json}<div id="root">${markup}</div>`);
}
