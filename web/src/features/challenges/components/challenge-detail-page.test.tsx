import { CHALLENGE_TEXTS } from '@beatroom/shared/challenges-contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { makeChallenge, makeDetail, makeEntry, NOW } from './challenges.test-fixtures';
import { ChallengeDetailPage } from './challenge-detail-page';

const ID = '11111111-1111-4111-8111-111111111111';
const HOUR = 3_600_000;

function setup(
  detail = makeDetail(),
  options: { voteAnswer?: ReturnType<typeof makeDetail>; entry?: string } = {},
) {
  // The server's state: a vote changes what the next GET answers too.
  let current = detail;
  const api = stubFetch({
    [`GET /api/challenges/${ID}`]: () => jsonResponse(current),
    [`POST /api/challenges/${ID}/votes`]: () => {
      current = options.voteAnswer ?? detail;
      return jsonResponse(current);
    },
    'GET /api/recordings': () =>
      jsonResponse({
        recordings: [
          {
            id: '44444444-4444-4444-8444-444444444444',
            recording_name: 'Take over Night Drive',
            file_key: 'recordings/x.webm',
            file_size: 10,
            format: 'webm',
            is_public: false,
            created_at: new Date(NOW).toISOString(),
            beat_id: detail.challenge.beat_id,
            beat_title: 'Night Drive',
            beat_cover: null,
            duration_seconds: 3,
            peaks: [],
            play_count: 0,
            audio_url: '/api/recordings/44444444-4444-4444-8444-444444444444/audio',
          },
        ],
      }),
    [`POST /api/challenges/${ID}/entries`]: () => jsonResponse(detail, 201),
  });
  const view = renderRoutes(
    [{ path: '/challenges/:id', element: <ChallengeDetailPage id={ID} user={listener} /> }],
    { initialEntry: options.entry ?? `/challenges/${ID}` },
  );
  return { ...view, api };
}

describe('ChallengeDetailPage', () => {
  it('lists entries with play and Vote (never on one’s own), and the escrow held', async () => {
    const own = makeEntry({
      id: '55555555-5555-4555-8555-555555555555',
      user_id: listener.id,
      user_name: 'Me',
    });
    const other = makeEntry({ vote_count: 2 });
    const voted = makeDetail({
      entries: [{ ...other, vote_count: 3 }, own],
      current_user_vote_entry_id: other.id,
      challenge: makeChallenge({ current_user_entry_id: own.id, entry_count: 2 }),
    });
    const { user, api } = setup(
      makeDetail({
        entries: [other, own],
        challenge: makeChallenge({ current_user_entry_id: own.id, entry_count: 2 }),
      }),
      { voteAnswer: voted },
    );
    const entries = await screen.findByRole('list', { name: 'Entries' });
    const otherRow = within(entries).getByRole('listitem', { name: 'Entry by Vee Vocals' });
    const ownRow = within(entries).getByRole('listitem', { name: 'Entry by Me' });
    expect(within(otherRow).getByRole('button', { name: 'Play My Take' })).toBeInTheDocument();
    expect(within(ownRow).queryByRole('button', { name: /Vote/ })).not.toBeInTheDocument();
    expect(screen.getByText('Joined')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prize escrow: 500 credits held' })).toBeInTheDocument();

    await user.click(within(otherRow).getByRole('button', { name: 'Vote for Vee Vocals' }));
    expect(api.calls(`POST /api/challenges/${ID}/votes`)[0]!.body).toEqual({ entry_id: other.id });
    expect(
      await within(screen.getByRole('list', { name: 'Entries' })).findByText('Voted'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 votes')).toBeInTheDocument();
  });

  it('after the end: Voting Ended instead of Vote, no Join', async () => {
    setup(
      makeDetail({
        challenge: makeChallenge({
          start_date: new Date(NOW - 3 * HOUR).toISOString(),
          end_date: new Date(NOW - HOUR).toISOString(),
        }),
        entries: [makeEntry()],
      }),
    );
    const entries = await screen.findByRole('list', { name: 'Entries' });
    expect(within(entries).getByText(CHALLENGE_TEXTS.VOTING_ENDED)).toBeInTheDocument();
    expect(screen.getAllByText('Voting Ended').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Join Challenge' })).not.toBeInTheDocument();
  });

  it('no Join for the challenge’s creator', async () => {
    setup(makeDetail({ challenge: makeChallenge({ creator_user_id: listener.id }), entries: [makeEntry()] }));
    expect(await screen.findByRole('list', { name: 'Entries' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Challenge' })).not.toBeInTheDocument();
  });

  it('announces the winner with a banner and marks the winning entry', async () => {
    const winner = makeEntry({ vote_count: 4 });
    setup(
      makeDetail({
        challenge: makeChallenge({
          end_date: new Date(NOW - HOUR).toISOString(),
          start_date: new Date(NOW - 5 * HOUR).toISOString(),
          winner_user_id: winner.user_id,
          winner_name: 'Vee Vocals',
          winner_announced_at: new Date(NOW - HOUR).toISOString(),
          escrow_credits: 0,
        }),
        entries: [winner],
      }),
    );
    expect(await screen.findByText('Winner Announced: Vee Vocals')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Entry by Vee Vocals' })).getByText('Winner'),
    ).toBeInTheDocument();
  });

  it('Join opens the entry dialog with the member’s takes over the beat and submits one', async () => {
    const { user, api } = setup(makeDetail(), { entry: `/challenges/${ID}?join=1` });
    const dialog = await screen.findByRole('dialog', { name: 'Join Night Drive Topline' });
    expect(await within(dialog).findByRole('option', { name: 'Take over Night Drive' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Entry' }));
    expect(api.calls(`POST /api/challenges/${ID}/entries`)[0]!.body).toEqual({
      recording_id: '44444444-4444-4444-8444-444444444444',
    });
  });

  it('shows Challenge not found for an unknown id', async () => {
    stubFetch({ [`GET /api/challenges/${ID}`]: () => jsonResponse({ error: 'Challenge not found' }, 404) });
    renderRoutes([{ path: '/challenges/:id', element: <ChallengeDetailPage id={ID} user={null} /> }], {
      initialEntry: `/challenges/${ID}`,
    });
    expect(await screen.findByText(CHALLENGE_TEXTS.NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Challenges' })).toHaveAttribute('href', '/challenges');
  });
});
