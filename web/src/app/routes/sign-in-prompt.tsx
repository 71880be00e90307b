import { LockKeyhole } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';
import { signInPrompts, type SignInPromptName } from './sign-in-prompts';

export type SignInPromptProps = { title: string; description: string } | { prompt: SignInPromptName };

/**
 * A members-only page's stand-in for a visitor: what the page is for, and a button that opens
 * the sign-in dialog. Nothing opens by itself, so signing out on such a page does not pop the
 * dialog up on the way home.
 */
export function SignInPrompt(props: SignInPromptProps) {
  const openSignIn = useSignInDialog((state) => state.open);
  const { title, description } = 'prompt' in props ? signInPrompts[props.prompt] : props;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
        <LockKeyhole aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-sm text-sm text-muted">{description}</p>
      <Button className="mt-2" onClick={() => openSignIn()}>
        Sign In
      </Button>
    </section>
  );
}
