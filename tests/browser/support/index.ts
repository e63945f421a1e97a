export { startTestServer, WEB_DIST_DIR, type TestServer } from './server.ts';
export { freePort } from '../../../scripts/free-port.ts';
export {
  launchBrowser,
  openPage,
  collectConsoleErrors,
  checkAccessibility,
  saveScreenshot,
  saveScreenshotsAtBothWidths,
  pathAndQuery,
  reloadedBy,
  waitForPathAndQuery,
  recordVisitedUrls,
  visitedUrls,
  PHONE_VIEWPORT,
  DESKTOP_VIEWPORT,
  type ConsoleErrors,
  type AccessibilityViolation,
} from './browser.ts';
export { REPO_ROOT, SCREENSHOT_DIR } from './paths.ts';
export { poll } from './poll.ts';
export { firstResultName, resultCount, waitForResults } from './search-results.ts';
