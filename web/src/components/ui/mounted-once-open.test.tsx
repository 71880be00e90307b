import { render, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MountedOnceOpen } from './mounted-once-open';

describe('MountedOnceOpen', () => {
  it('asks for a lazy dialog only when it first opens, then keeps it mounted (and its state) once closed', async () => {
    const load = vi.fn(async () => ({
      default: function Draft({ open }: { open: boolean }) {
        const [draft] = useState(() => `draft ${Math.random()}`);
        return <p data-open={open}>{draft}</p>;
      },
    }));
    const Draft = lazy(load);
    const view = (open: boolean) => (
      <MountedOnceOpen open={open}>
        <Draft open={open} />
      </MountedOnceOpen>
    );

    const { rerender, container } = render(view(false));
    expect(container).toBeEmptyDOMElement();
    expect(load).not.toHaveBeenCalled();

    rerender(view(true));
    const shown = await screen.findByText(/^draft /);
    const text = shown.textContent;
    expect(shown).toHaveAttribute('data-open', 'true');

    rerender(view(false));
    expect(screen.getByText(text!)).toHaveAttribute('data-open', 'false');
    rerender(view(true));
    expect(screen.getByText(text!)).toHaveAttribute('data-open', 'true');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
