import { describe, expect, it, vi } from 'vitest';
import type { HandlerRegistry } from './domain-events';
import { createOutboxDispatcher } from './outbox-dispatcher';
import type { OutboxRepository } from './outbox.repository';

/** A started dispatcher whose first claim is `claim`, and its log. */
async function started(claim: () => Promise<never[]>, closeTimeoutMs: number) {
  const repo = {
    claim: vi.fn(claim),
    markDelivered: vi.fn(async () => undefined),
  } as unknown as OutboxRepository;
  const log = { warn: vi.fn() };
  const dispatcher = createOutboxDispatcher({
    repo,
    registry: { runAll: vi.fn() } as unknown as HandlerRegistry,
    log,
    options: { closeTimeoutMs, pollMs: 60_000 },
  });
  dispatcher.start();
  await vi.waitFor(() => expect(repo.claim).toHaveBeenCalled());
  return { dispatcher, log };
}

describe('closing the outbox dispatcher', () => {
  it('gives up on a delivery stuck waiting for the database, and says so, instead of hanging', async () => {
    // A claim that never answers: what a query queued on a pool ended under it does.
    const { dispatcher, log } = await started(() => new Promise<never[]>(() => {}), 50);

    await dispatcher.close();

    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ inFlight: 1 }),
      expect.stringContaining('delivered again'),
    );
  });

  it('waits for a delivery that finishes, without a warning', async () => {
    let answer: (rows: never[]) => void = () => {};
    const { dispatcher, log } = await started(
      () => new Promise<never[]>((resolve) => (answer = resolve)),
      60_000,
    );

    const closing = dispatcher.close();
    answer([]);
    await closing;

    expect(log.warn).not.toHaveBeenCalled();
  });
});
