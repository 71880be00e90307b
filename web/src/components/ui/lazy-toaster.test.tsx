import { act, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../../lib/toast';
import { LazyToaster } from './lazy-toaster';

// The app's toaster loads after the first render: toasts raised before it listens still show.

function RaisesOnMount() {
  useEffect(() => {
    showToast({ type: 'info', title: 'Raised first' });
    showToast({ type: 'success', title: 'Raised second' });
  }, []);
  return null;
}

describe('the lazily loaded toaster', () => {
  it('shows the toasts raised before it listened, in order, and those raised after', async () => {
    render(
      <>
        <RaisesOnMount />
        <LazyToaster />
      </>,
    );
    const region = await screen.findByRole('region', { name: 'Status messages' });
    await within(region).findByText('Raised second');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Raised second', 'Raised first']);

    act(() => showToast({ type: 'error', title: 'Raised later' }));
    expect(await within(region).findByText('Raised later')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
  });
});
