import { describe, expect, it } from 'vitest';
import { placeToastStack, toastColumn, type Box } from './toast-placement';

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
/** The bell menu as the header opens it: 24rem wide, aligned to the right edge, under the header. */
const bellMenu: Box = { top: 64, bottom: 560, right: 1264, left: 880 };

const overlaps = (a: { left: number; right: number }, b: { left: number; right: number }) =>
  a.left < b.right && b.left < a.right;

describe('toast stack placement', () => {
  it('lays out the stack where the Toaster’s classes put it: a 24rem column, full width on phones', () => {
    expect(toastColumn(1280)).toEqual({ left: 880, right: 1264 });
    expect(toastColumn(390)).toEqual({ left: 12, right: 378 });
  });

  it.each([
    ['no menu is open', []],
    [
      'a menu far from the stack (the genres menu, left of centre)',
      [{ top: 64, bottom: 400, left: 200, right: 400 }],
    ],
  ])('keeps the usual top-right place when %s', (_name, menus: Box[]) => {
    expect(placeToastStack(laptop, menus)).toBeNull();
  });

  it('moves left of an open bell menu on a wide screen, at the usual height', () => {
    const placement = placeToastStack(laptop, [bellMenu]);
    expect(placement).toEqual({ right: 1280 - 880 + 8, left: 'auto' });
    const right = laptop.width - (placement!.right as number);
    expect(overlaps({ left: right - 384, right }, bellMenu)).toBe(false);
  });

  it('goes below the menu when there is no room beside it (phones), or to the bottom when none below', () => {
    const phoneMenu: Box = { top: 110, bottom: 500, left: 8, right: 382 };
    expect(placeToastStack(phone, [phoneMenu])).toEqual({ top: 508 });
    const tallMenu: Box = { ...phoneMenu, bottom: 800 };
    expect(placeToastStack(phone, [tallMenu])).toEqual({ top: 'auto', bottom: 12 });
  });

  it('clears every menu in the way, not just the first', () => {
    const narrow = { width: 900, height: 800 };
    const submenu: Box = { top: 120, bottom: 700, left: 300, right: 560 };
    const menu: Box = { top: 64, bottom: 300, left: 560, right: 884 };
    expect(placeToastStack(narrow, [menu, submenu])).toEqual({ top: 'auto', bottom: 16 });
  });
});
