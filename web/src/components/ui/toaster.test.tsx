import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_EVENT } from '../../lib/toast';
import { MenuContent, MenuItem } from './dropdown-menu';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast sent as a showToast window event', () => {
    render(<Toaster />);
    const listener = vi.fn();
    window.addEventListener(TOAST_EVENT, listener);

    act(() => showToast({ type: 'success', title: 'Beat saved', message: 'It is live now.' }));

    expect(listener).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Beat saved')).toBeInTheDocument();
    expect(screen.getByText('It is live now.')).toBeInTheDocument();
    window.removeEventListener(TOAST_EVENT, listener);
  });

  it('stacks several toasts, newest on top, inside a live region', () => {
    render(<Toaster />);

    act(() => {
      showToast({ type: 'info', title: 'First' });
      showToast({ type: 'error', title: 'Second' });
      showToast({ type: 'warning', title: 'Third' });
    });

    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Third', 'Second', 'First']);
    expect(screen.getByRole('list')).toHaveAttribute('aria-live', 'polite');
  });

  it('removes a toast after the default 5000 ms', () => {
    render(<Toaster />);
    act(() => showToast({ type: 'success', title: 'Saved' }));

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    render(<Toaster />);
    act(() => showToast({ type: 'info', title: 'Announcement', duration: 8000 }));

    act(() => vi.advanceTimersByTime(7999));
    expect(screen.getByText('Announcement')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Announcement')).not.toBeInTheDocument();
  });

  it('keeps a toast with duration 0 until it is dismissed', () => {
    render(<Toaster />);
    act(() => showToast({ type: 'warning', title: 'Sticky', duration: 0 }));

    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Sticky' }));
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  it('runs the action and closes the toast', () => {
    render(<Toaster />);
    const onClick = vi.fn();
    act(() =>
      showToast({ type: 'error', title: 'Upload failed', duration: 0, action: { label: 'Retry', onClick } }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();
  });
});

/** A header menu like the bell's: its item raises a toast and the menu stays open. */
function BellLikeMenu() {
  const [open, setOpen] = useState(true);
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger>Notifications</DropdownMenu.Trigger>
      <MenuContent align="end">
        <MenuItem
          onSelect={(event) => {
            event.preventDefault();
            showToast({ type: 'success', title: 'All caught up' });
          }}
        >
          Mark all read
        </MenuItem>
        <MenuItem onSelect={() => setOpen(false)}>Close</MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

describe('Toaster next to open menus', () => {
  // jsdom has no layout: the open menu sits where the header's bell menu does on a 1280 px screen.
  const bellMenu = { top: 64, bottom: 560, left: 880, right: 1264, x: 880, y: 64, width: 384, height: 496 };
  beforeEach(() => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    const zero = { top: 0, bottom: 0, left: 0, right: 0, x: 0, y: 0, width: 0, height: 0 };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const box = this.getAttribute('role') === 'menu' ? bellMenu : zero;
      return { ...box, toJSON: () => box } as DOMRect;
    });
  });

  it('does not sit over the open menu whose "Mark all read" raised the toast', async () => {
    render(
      <>
        <BellLikeMenu />
        <Toaster />
      </>,
    );
    const region = screen.getByRole('region', { name: 'Status messages' });
    expect(region).toHaveAttribute('data-placement', 'top-right');

    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark all read' }));
    expect(screen.getByText('All caught up')).toBeInTheDocument();
    // The 24rem stack ends 8 px left of the menu instead of covering it.
    expect(region).toHaveAttribute('data-placement', 'clear-of-menu');
    expect(region.style.right).toBe(`${1280 - 880 + 8}px`);

    // The menu closes: the stack returns to its usual place.
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(region).toHaveAttribute('data-placement', 'top-right'));
    expect(region.style.right).toBe('');
  });
});
