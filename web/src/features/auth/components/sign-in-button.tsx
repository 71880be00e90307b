import { Button } from '../../../components/ui/button';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';

export function SignInButton() {
  const open = useSignInDialog((state) => state.open);
  return (
    <Button size="sm" onClick={() => open()}>
      Sign In
    </Button>
  );
}
