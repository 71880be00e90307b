import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_EVENT } from '../../lib/toast';
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
