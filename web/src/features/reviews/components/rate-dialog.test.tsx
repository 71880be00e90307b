import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listener } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { RateDialog } from './rate-dialog';

const BEAT = { id: '11111111-1111-4111-8111-111111111111', title: 'Midnight Run' };
const path = (suffix: string) => `/api/beats/${BEAT.id}/${suffix}`;

function setup(handlers: Record<string, FetchHandler> = {}) {
  const api = stubFetch({
    [`GET ${path('user-rating')}`]: () => jsonResponse({ hasRated: false, rating: null, review: null }),
    [`POST ${path('rate')}`]: () => jsonResponse({ averageRating: 4, totalRatings: 1 }),
    ...handlers,
  });
  const onOpenChange = vi.fn();
  const view = renderRoutes([
    { path: '/', element: <RateDialog beat={BEAT} userId={listener.id} open onOpenChange={onOpenChange} /> },
  ]);
  return { ...view, api, onOpenChange };
}

describe('Rate Beat', () => {
  it('offers five stars labelled Poor to Excellent and shows the chosen label', async () => {
    const { user } = setup();
    const group = await screen.findByRole('radiogroup', { name: 'Rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((star) => star.getAttribute('aria-label')),
    ).toEqual(['1 star: Poor', '2 stars: Fair', '3 stars: Good', '4 stars: Very Good', '5 stars: Excellent']);
    expect(screen.getByText('Select a rating')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: '2 stars: Fair' }));
    expect(screen.getByText('2 · Fair')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '2 stars: Fair' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(group).getByRole('radio', { name: '5 stars: Excellent' }));
    expect(screen.getByText('5 · Excellent')).toBeInTheDocument();
  });

  it('counts the review up to 500 characters', async () => {
    const { user } = setup();
    const review = await screen.findByRole('textbox', { name: /Review/ });
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await user.type(review, 'Hard hitting');
    expect(screen.getByText('12/500')).toBeInTheDocument();
    fireEvent.change(review, { target: { value: 'x'.repeat(600) } });
    expect(review).toHaveValue('x'.repeat(500));
    expect(screen.getByText('500/500')).toBeInTheDocument();
  });

  it('enables submit only with a rating and not while submitting; closes and resets on success', async () => {
    const answer = deferred<Response>();
    const { user, api, onOpenChange } = setup({ [`POST ${path('rate')}`]: () => answer.promise });
    const submit = await screen.findByRole('button', { name: 'Submit Rating' });
    expect(submit).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '4 stars: Very Good' }));
    await user.type(screen.getByRole('textbox', { name: /Review/ }), '  Great bounce  ');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(api.calls(`POST ${path('rate')}`)[0]?.body).toEqual({ rating: 4, review: 'Great bounce' });
    answer.resolve(jsonResponse({ averageRating: 4, totalRatings: 1 }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.getByText('Select a rating')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Review/ })).toHaveValue('');
  });

  it('starts from the user’s earlier rating', async () => {
    setup({
      [`GET ${path('user-rating')}`]: () => jsonResponse({ hasRated: true, rating: 3, review: 'Nice' }),
    });
    expect(await screen.findByText('3 · Good')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Review/ })).toHaveValue('Nice');
  });

  it('logs a failure and says so, keeping the dialog open', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onOpenChange } = setup({
      [`POST ${path('rate')}`]: () => jsonResponse({ error: 'You cannot rate your own beat' }, 403),
    });
    await user.click(await screen.findByRole('radio', { name: '1 star: Poor' }));
    await user.click(screen.getByRole('button', { name: 'Submit Rating' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot rate your own beat');
    expect(error).toHaveBeenCalledWith('Failed to rate beat: You cannot rate your own beat');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
