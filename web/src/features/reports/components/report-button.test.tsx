import { REPORT_TEXTS } from '@beatroom/shared/admin-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { ReportButton } from './report-button';

const me = makeSessionUser({ id: '11111111-1111-4111-8111-111111111111' });
const beatId = '22222222-2222-4222-8222-222222222222';
const producer = '33333333-3333-4333-8333-333333333333';

function renderButton(user: typeof me | null, ownerId = producer) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, user);
  return renderRoutes(
    [{ path: '/', element: <ReportButton targetType="beat" targetId={beatId} ownerId={ownerId} /> }],
    {
      queryClient,
    },
  );
}

describe('ReportButton', () => {
  it('is not offered on one’s own content', () => {
    stubFetch();
    renderButton(me, me.id);
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('asks a visitor to sign in', async () => {
    stubFetch();
    const { user } = renderButton(null);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('needs a reason, sends the report, and shows the server’s refusal of a second one', async () => {
    let count = 0;
    const net = stubFetch({
      'POST /api/reports': () =>
        ++count === 1 ? jsonResponse({ id: 'r1' }) : jsonResponse({ error: REPORT_TEXTS.duplicate }, 409),
    });
    const { user } = renderButton(me);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report beat' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason');
    expect(net.calls('POST /api/reports')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), '  Stolen sample  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.calls('POST /api/reports')[0]!.body).toEqual({
      targetType: 'beat',
      targetId: beatId,
      reason: 'Stolen sample',
    });

    await user.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('Reason'), 'again');
    await user.click(within(again).getByRole('button', { name: 'Send Report' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(REPORT_TEXTS.duplicate);
  });
});
