/**
 * index.html with a page's first screen inside `<div id="root">`: the browser paints it as soon
 * as the HTML and CSS are in, and React's createRoot replaces it when the app mounts. The
 * markup is inserted with a function replacer, so `$&` and the like in it stay literal.
 */
export function withFirstScreen(indexHtml: string, markup: string): string {
  return indexHtml.replace(/<div id="root"><\/div>/, () => `<div id="root">${markup}</div>`);
}
