import type { Knex } from 'knex';
import type Router from '@koa/router';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { EventStore } from './eventstore/types.ts';
import type { SecretBox } from './settings/secret-box.ts';

/** What a feature gets to work with. Built once per process by server.ts (and by the test harness). */
export type AppServices = {
  config: AppConfig;
  db: Database;
  knex: Knex;
  eventStore: EventStore;
  jwtSecret: string;
  /** Seals users' provider API keys at rest. */
  secrets: SecretBox;
};

/**
 * A capability of the backend: its routes, and optional start/stop hooks (background jobs,
 * first-start data). Listed in features.ts.
 */
export type Feature = {
  name: string;
  routes?: (services: AppServices) => Router | Router[];
  start?: (services: AppServices) => Promise<void> | void;
  /** Stops this app's background work only: several apps (tests, benchmarks) share one feature object. */
  stop?: (services: AppServices) => Promise<void> | void;
};
