import { accountFeature } from './account/feature.ts';
import { passwordResetFeature } from './auth/password-reset.ts';
import { aiFeature } from './ai/feature.ts';
import { enrichmentFeature } from './enrichment/feature.ts';
import { healthFeature } from './health/routes.ts';
import { outreachFeature } from './outreach/feature.ts';
import { pdfReportFeature } from './regulator/pdf/routes.ts';
import { createBootstrapFeature } from './regulator/bootstrap.ts';
import { regulatorFeature } from './regulator/feature.ts';
import { createSyncFeature } from './regulator/sync/feature.ts';
import { placeholdersFeature } from './placeholders/routes.ts';
import { createMailFeature } from './mail/feature.ts';
import { createAutomationFeature, type AutomationFeature } from './automation/feature.ts';
import { embeddedStatisticsFeature } from './db/statistics.ts';
import { idempotencyKeyExpiryFeature } from './http/idempotency.ts';
import { apiAccessFeature } from './api-access/feature.ts';
import type { Feature } from './services.ts';
import { createSettingsFeature } from './settings/routes.ts';
import { reportsFeature } from './reports/routes.ts';
import { createReadModelsFeature } from './read-models/feature.ts';

const regulatorSync = createSyncFeature();
export const mailFeature = createMailFeature();
const automationFeature = createAutomationFeature(mailFeature);
const settingsWith = (automation: AutomationFeature) => createSettingsFeature({ afterSendWindowChange: (services, userId) => automation.rescheduleForSendWindow(services, userId) });

/** Every backend capability, in mount order. Add a feature here to serve its routes and run its hooks. */
export const features: Feature[] = [
  healthFeature,
  passwordResetFeature,
  embeddedStatisticsFeature,
  idempotencyKeyExpiryFeature,
  regulatorFeature,
  outreachFeature,
  aiFeature,
  settingsWith(automationFeature),
  enrichmentFeature,
  placeholdersFeature,
  mailFeature,
  automationFeature,
  apiAccessFeature,
  accountFeature,
  pdfReportFeature,
  reportsFeature,
  createReadModelsFeature(),
  regulatorSync,
  createBootstrapFeature(regulatorSync),
];

/** The features with another automation feature (a test's, on its own clock) in the default one's place, the settings' send-window changes going through it too. */
export const featuresWithAutomation = (automation: AutomationFeature, list: Feature[] = features): Feature[] =>
  list.map((feature) => (feature.name === 'automation' ? automation : feature.name === 'settings' ? settingsWith(automation) : feature));
