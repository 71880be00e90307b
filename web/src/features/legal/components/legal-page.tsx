import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** When the texts last changed, shown under each page's title. */
export const LEGAL_UPDATED = 'November 28, 2026';

/**
 * A legal text (Terms of Service, Privacy Policy): a title, a short summary, a table of contents
 * linking to each section, and the sections. Plain reading width, headings a reader can jump by.
 */
export function LegalPage({
  title,
  summary,
  sections,
  other,
}: {
  title: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
  /** The other legal page, linked at the end. */
  other: { to: string; label: string };
}) {
  return (
    <article aria-labelledby="legal-title" className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h1>
        <p className="text-sm text-muted">Last updated {LEGAL_UPDATED}</p>
        <div className="mt-2 text-pretty text-fg/90">{summary}</div>
      </header>
      <nav aria-label="Sections" className="rounded-2xl border border-line bg-surface/60 p-4">
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-muted hover:text-fg hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="flex scroll-mt-24 flex-col gap-3 leading-relaxed text-fg/90 [&_li]:ml-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-fg">
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <p className="border-t border-line pt-6 text-sm text-muted">
        Questions about this page? Write to us from the{' '}
        <Link to="/support" className="text-accent underline underline-offset-2">
          Support Center
        </Link>
        . See also our{' '}
        <Link to={other.to} className="text-accent underline underline-offset-2">
          {other.label}
        </Link>
        .
      </p>
    </article>
  );
}
