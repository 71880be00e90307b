// Temporary (support helper): the same config against a server already started on port 3217,
// with a longer expect timeout for this overloaded shared machine.
import base from './playwright.config';
export default {
  ...base,
  webServer: undefined,
  expect: { timeout: 30_000 },
  use: { ...base.use, baseURL: 'http://localhost:3217' },
};
