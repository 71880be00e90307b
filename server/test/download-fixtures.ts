import { beforeAll } from 'vitest';
import { createBeat } from './catalogue';
import { member, useProducerAndFan, type ProducerAndFan } from './community-fixtures';
import { mp3File } from './media-fixtures';
import { buyLocally } from './selling-fixtures';

export type DownloadShelf = ProducerAndFan & {
  /** Signed in, holds no licence. */
  stranger: Awaited<ReturnType<typeof member>>;
  /**
   * A WAV master for sale, uploaded for real (its MP3 320 is rendered by the preview job), that
   * the fan bought a Premium licence for.
   */
  wavBeat: { id: string; priceCents: number };
  /** A free beat with an MP3 master: delivered as it is. */
  freeBeat: { id: string };
  /** The fan's order for the Premium licence of wavBeat. */
  premiumOrder: string;
};

/**
 * Registers beforeAll/afterAll for the beats every download test starts from (see DownloadShelf),
 * on top of useProducerAndFan. The shelf is filled in once beforeAll has run.
 */
export function useDownloadShelf() {
  const shelf = useProducerAndFan() as DownloadShelf;
  beforeAll(async () => {
    const { app } = shelf.t;
    shelf.stranger = await member(app, 'stranger@example.com');
    shelf.wavBeat = {
      id: await createBeat(shelf.producer.agent, { title: 'Night Drive', price_cents: 2999 }),
      priceCents: 2999,
    };
    shelf.freeBeat = {
      id: await createBeat(
        shelf.producer.agent,
        { title: 'Free Loop', is_free: true, price_cents: 0 },
        { content: mp3File(), filename: 'beat.mp3' },
      ),
    };
    shelf.premiumOrder = await buyLocally(shelf.fan.agent, shelf.wavBeat, 'premium');
  });
  return Object.assign(shelf, {
    /** Sets the user's preferred download format, as the settings page would. */
    setFormat: (userId: string, downloadFormat: string) =>
      shelf.t.app.db.prisma.userSettings.update({ where: { userId }, data: { downloadFormat } }),
    /** The beat's stored download counter. */
    downloadCount: async (beatId: string) =>
      (await shelf.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id: beatId } })).downloadCount,
  });
}
