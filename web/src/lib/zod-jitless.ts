// The web build's `zod` (vite.config.ts aliases the bare specifier here): zod itself, told not
// to probe for `new Function` before its first parse. The probe is an eval the page's CSP
// (script-src 'self') refuses, and every page reported it as a CSP violation.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
