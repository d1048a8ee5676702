import { aiAnalysisFeature } from './ai-analysis/routes.ts';
import { healthFeature } from './health/routes.ts';
import { outreachFeature } from './outreach/feature.ts';
import { pdfReportFeature } from './regulator/pdf/routes.ts';
import { createBootstrapFeature } from './regulator/bootstrap.ts';
import { regulatorFeature } from './regulator/feature.ts';
import { createSyncFeature } from './regulator/sync/feature.ts';
import type { Feature } from './services.ts';

const regulatorSync = createSyncFeature();

/** Every backend capability, in mount order. Add a feature here to serve its routes and run its hooks. */
export const features: Feature[] = [healthFeature, regulatorFeature, outreachFeature, aiAnalysisFeature, pdfReportFeature, regulatorSync, createBootstrapFeature(regulatorSync)];
