import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createLocalStorage } from '../modules/platform/storage/local-storage';
import { createS3Storage } from '../modules/platform/storage/s3-storage';
import { withDerivedFiles, type Storage } from '../modules/platform/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: S3-compatible bucket when S3_* is configured, else DATA_DIR/files. */
    storage: Storage;
  }
}

export const storagePlugin = fp(
  async (app, opts: { config: Config }) => {
    const { config } = opts;
    const storage = withDerivedFiles(
      config.s3 ? await createS3Storage(config.s3) : await createLocalStorage(join(config.dataDir, 'files')),
    );
    app.log.info(
      config.s3
        ? { storage: 's3', endpoint: config.s3.endpoint, bucket: config.s3.bucket }
        : { storage: 'local', dir: join(config.dataDir, 'files') },
      'file storage ready',
    );
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'storage' },
);
