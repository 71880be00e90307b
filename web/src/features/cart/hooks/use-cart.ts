import type { CartResponse } from '@beatroom/shared/cart-contract';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../../session/hooks/use-session';
import { addToCart, cartKeys, cartQueryOptions, removeCartLine } from '../api';
import { guestCart, useGuestCart } from '../guest-cart';

/** The beat fields adding to a cart needs. */
export interface CartBeat {
  id: string;
  title: string;
  producer_name: string;
}

/**
 * The signed-in user's cart from the server, with the coupon applied when one is given
 * (undefined for a visitor or while it loads).
 */
export function useServerCart(couponCode = '') {
  const { user } = useSession();
  return useQuery({ ...cartQueryOptions(user?.id ?? '', couponCode), enabled: Boolean(user) });
}

/** How many lines the cart holds: the server's for a member, this browser's for a visitor. */
export function useCartCount(): number {
  const { user } = useSession();
  const server = useServerCart();
  const guest = useGuestCart();
  return user ? (server.data?.lines.length ?? 0) : guest.length;
}

/** Adds a beat with a licence: to the server cart when signed in, to this browser's otherwise. */
export function useAddToCart() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ beat, license }: { beat: CartBeat; license: LicenseId }) => {
      if (!user) {
        guestCart.put({
          beat_id: beat.id,
          license_type: license,
          title: beat.title,
          producer_name: beat.producer_name,
        });
        return null;
      }
      return addToCart({ beat_id: beat.id, license_type: license });
    },
    onSuccess: (cart) => {
      if (!user || !cart) return;
      queryClient.setQueryData(cartKeys.cart(user.id), cart);
      // The cart with a coupon is priced again (the coupon may apply to the new line).
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart(user.id), exact: false });
    },
  });
}

/** Removes a line of the signed-in user's cart. */
export function useRemoveCartLine() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => removeCartLine(lineId),
    onSuccess: (cart: CartResponse) => {
      if (!user) return;
      queryClient.setQueryData(cartKeys.cart(user.id), cart);
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart(user.id), exact: false });
    },
  });
}

/**
 * Once a visitor signs in, the lines they gathered are added to their cart on the server one
 * by one (a line the server refuses, e.g. their own beat, is left out) and this browser's cart
 * is emptied. Mounted once, in the header.
 */
export function useMergeGuestCart() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const merging = useRef(false);
  useEffect(() => {
    const lines = guestCart.lines();
    if (!user || lines.length === 0 || merging.current) return;
    merging.current = true;
    void (async () => {
      for (const line of lines) {
        await addToCart({ beat_id: line.beat_id, license_type: line.license_type }).catch(() => null);
      }
      guestCart.clear();
      merging.current = false;
      await queryClient.invalidateQueries({ queryKey: cartKeys.cart(user.id) });
    })();
  }, [user, queryClient]);
}
