import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // Whole-page renders in jsdom are slow on a busy machine (see asyncUtilTimeout in test-setup).
    testTimeout: 20_000,
  },
});
