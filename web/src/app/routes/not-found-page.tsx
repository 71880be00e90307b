import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BackButton } from '../../components/ui/back-button';
import { buttonClasses } from '../../components/ui/button';

/** Every path without a screen, including the areas that are not built yet. */
export function NotFoundPage() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex min-h-[60dvh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="relative">
        <p
          aria-hidden="true"
          className="bg-linear-to-br from-violet-400 to-indigo-500 bg-clip-text text-8xl font-black tracking-tighter text-transparent numeric sm:text-9xl"
        >
          404
        </p>
        <Compass aria-hidden="true" className="absolute -top-2 -right-8 size-10 rotate-12 text-accent/70" />
      </div>
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        Page not found
      </h1>
      <p className="mt-2 text-muted">
        This page doesn&apos;t exist or has moved. Head back home to keep browsing beats.
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          Back to Home
        </Link>
        <BackButton />
      </div>
    </section>
  );
}
