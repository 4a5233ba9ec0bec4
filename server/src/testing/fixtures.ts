/**
 * Test helpers of one module that tests of another use (a module reaches another only through its
 * index.ts, and fixtures are no part of that): plugin packages and a webhook receiver, the upload
 * fixtures and the polling wait.
 */

export {
  examplePackage as examplePlugin,
  install as installPlugin,
  notifyPlugin,
  signed as signedPlugin,
  signingKey as pluginSigningKey,
  smsPlugin,
  startReceiver as startWebhookReceiver,
} from '../modules/plugin/plugin.fixtures.js';
export { filesUnder, multipart, PNG, upload } from '../modules/space/upload.fixtures.js';
export { eventually } from '../modules/task/task.test-support.js';
