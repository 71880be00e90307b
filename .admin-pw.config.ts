import base from './playwright.config';
// Temporary (admin helper): the machine is loaded by several engineers' runs at once.
export default { ...base, expect: { timeout: 60_000 }, webServer: { ...base.webServer, timeout: 400_000 } };
