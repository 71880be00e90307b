import { Upload } from 'lucide-react';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { StorageLeft } from './storage-left';
import { UploadForm } from './upload-form';

/** Shown instead of the form to visitors (a sign-in prompt). */
export function UploadSignInPrompt() {
  const openSignIn = useSignInDialog((state) => state.open);
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
        <Upload aria-hidden="true" className="size-7" />
      </span>
      <p className="text-lg font-semibold">Sign in to upload beats</p>
      <p className="max-w-sm text-sm text-muted">
        Upload your beats, set a price or give them away, and see who plays them.
      </p>
      <Button className="mt-2" onClick={() => openSignIn()}>
        Sign In
      </Button>
    </div>
  );
}

/** /upload. `onCreated` refreshes what lists the new beat (app/ composes it). */
export function UploadPage({ onCreated }: { onCreated?: (beatId: string) => void }) {
  const { user, isPending } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div>
        <BackButton />
      </div>
      <section
        aria-labelledby="upload-title"
        className="rounded-3xl border border-line bg-surface/60 p-5 sm:p-8"
      >
        <h1 id="upload-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Upload Beat
        </h1>
        <p className="mt-1 text-sm text-muted">
          Share your sound: audio, cover, and the details buyers search for.
        </p>
        {user ? (
          <div className="mt-2">
            <StorageLeft />
          </div>
        ) : null}
        <div className="mt-6">
          {isPending ? (
            <div role="status" aria-label="Loading" className="h-64 animate-pulse rounded-2xl bg-fg/10" />
          ) : user ? (
            <UploadForm onCreated={onCreated} />
          ) : (
            <UploadSignInPrompt />
          )}
        </div>
      </section>
    </div>
  );
}
