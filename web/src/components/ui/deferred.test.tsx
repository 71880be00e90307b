import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Deferred } from './deferred';

describe('Deferred', () => {
  it('shows the fallback in the first pass (as the server renders it)', () => {
    const html = renderToString(
      <Deferred fallback={<p>Keeping its place</p>}>
        <p>The heavy part</p>
      </Deferred>,
    );
    expect(html).toContain('Keeping its place');
    expect(html).not.toContain('The heavy part');
  });

  it('then replaces it with its children', async () => {
    render(
      <Deferred fallback={<p>Keeping its place</p>}>
        <p>The heavy part</p>
      </Deferred>,
    );
    expect(await screen.findByText('The heavy part')).toBeInTheDocument();
    expect(screen.queryByText('Keeping its place')).not.toBeInTheDocument();
  });
});
