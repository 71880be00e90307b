// electron-builder afterSign hook: sends the signed macOS app to Apple's notary service, so
// Gatekeeper opens it without warnings. Reads the Apple credentials from the environment only:
//   APPLE_ID                      the Apple ID of the developer account (an e-mail address)
//   APPLE_APP_SPECIFIC_PASSWORD   an app-specific password for that Apple ID (appleid.apple.com)
//   APPLE_TEAM_ID                 the 10-character team id of the Developer ID certificate
// Without them a local build is left un-notarized (with a warning); a release build
// (BEATROOM_REQUIRE_NOTARIZATION=1, set by `npm run release`-style CI) fails instead.
const { notarize } = require('@electron/notarize');

/** @param {import('app-builder-lib').AfterPackContext} context */
exports.default = async function notarizeBeatroom(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const { APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID } = process.env;
  if (!APPLE_ID || !APPLE_APP_SPECIFIC_PASSWORD || !APPLE_TEAM_ID) {
    const message = 'notarize: APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID are not all set';
    if (process.env.BEATROOM_REQUIRE_NOTARIZATION === '1') throw new Error(message);
    console.warn(`${message}; the app is NOT notarized and Gatekeeper will warn users.`);
    return;
  }
  const appName = context.packager.appInfo.productFilename;
  const appPath = `${context.appOutDir}/${appName}.app`;
  console.log(`notarize: submitting ${appPath} (this can take several minutes)`);
  await notarize({
    appPath,
    appleId: APPLE_ID,
    appleIdPassword: APPLE_APP_SPECIFIC_PASSWORD,
    teamId: APPLE_TEAM_ID,
  });
  console.log('notarize: done; the ticket is stapled to the app');
};
