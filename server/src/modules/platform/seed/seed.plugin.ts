import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { DEMO_BEATS } from './demo-catalogue';
import { createSeedRepository } from './seed.repository';
import { seedDemoCatalogue } from './seed.service';

/**
 * `npm start` on an empty database greets a newcomer with a catalogue. Seeding starts once the
 * server listens (so its URL prints at once) and runs in the background, logging progress;
 * closing the server stops it between beats. SEED_DEMO=0 turns it off; tests opt in through
 * config.seedDemo.
 */
export const seedPlugin = fp(
  async (app, opts: { config: Config }) => {
    if (!opts.config.seedDemo) return;
    const controller = new AbortController();
    let running: Promise<void> | null = null;

    const run = async () => {
      const started = Date.now();
      try {
        const made = await seedDemoCatalogue({
          repo: createSeedRepository(app.db.prisma),
          uploads: app.uploads,
          beats: app.beats,
          social: app.beatSocial,
          signal: controller.signal,
          onProgress: (done, total) => {
            if (done === 1) app.log.info(`Seeding the demo catalogue: rendering ${total} beats…`);
            if (done % 6 === 0 || done === total) app.log.info(`Demo catalogue: ${done}/${total} beats`);
          },
        });
        if (made !== null) {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          app.log.info(`Demo catalogue ready: ${made} of ${DEMO_BEATS.length} beats in ${seconds} s`);
        }
      } catch (error) {
        app.log.error({ err: error }, 'seeding the demo catalogue failed');
      }
    };

    app.addHook('onListen', async () => {
      running ??= run();
    });
    app.addHook('preClose', async () => {
      controller.abort();
      await running;
    });
  },
  { name: 'demo-seed', dependencies: ['uploads', 'beats'] },
);
