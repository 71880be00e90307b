// A vitest setup file of the desktop project. Its renderer tests (jsdom, Testing Library) wait as
// the web app's do (web/src/test-setup.ts): `findBy…` and `waitFor` give up after 1 s by default,
// which a loaded CI machine can exceed while jsdom renders a screen (the library screen's first
// listing did, on Node 24 beside the other lanes); a wait that holds returns at once. The files
// that run under plain Node have no document and skip it.
import { LOADED_MACHINE_WAIT_MS } from '@beatroom/shared/loaded-machine-waits';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: LOADED_MACHINE_WAIT_MS });
}
