import { SignInButton } from '../../features/auth/components/sign-in-button';
import { CartPage } from '../../features/cart/components/cart-page';

/** /cart: the cart, offering a visitor the sign-in that brings their cart along. */
export function CartRoute() {
  return <CartPage signIn={<SignInButton />} />;
}
