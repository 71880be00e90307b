/**
 * Markup built from template literals where every interpolated value is escaped unless it is
 * markup itself (an `Html` made by `markup` or `rawHtml`): a beat titled `<script>` comes out as
 * text. Arrays of markup are joined; null, undefined and false render nothing.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

/** Text safe in element content and in double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join('');
  return escapeHtml(String(part));
}

/**
 * The template tag. Not named `html`: Prettier would format such templates as HTML documents and
 * put whitespace between tags, which changes the layout of inline elements.
 */
export function markup(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new Html(out);
}

/** Markup written in our own code (icon paths): never pass anything a user typed. */
export function rawHtml(markup: string): Html {
  return new Html(markup);
}
