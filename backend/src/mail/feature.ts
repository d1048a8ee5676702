import type { AppServices, Feature } from '../services.ts';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { mailRoutes } from './routes.ts';
import { mailgunWebhookRoutes } from './webhook-routes.ts';
import { savedMailgunAccount, transportFinder, type MailSettingsReader } from './transports.ts';
import { smtpServerProblem } from './smtp.ts';
import { logger } from '../logging/logger.ts';

export type MailFeatureOptions = {
  /** Where a user's Mailgun account comes from; Settings by default. */
  mailSettings?: (services: AppServices) => MailSettingsReader;
  /** Dispatcher tuning (tests, benchmarks). */
  dispatcher?: Partial<Omit<DispatcherOptions, 'knex' | 'eventStore' | 'transportFor'>>;
};

/** Whether this process sends queued mail itself: always with the embedded database (one process), with PostgreSQL only when told. */
export function dispatchesInline(config: AppServices['config']): boolean {
  return config.mailDispatch === 'inline' || (config.mailDispatch === 'auto' && !config.databaseUrl);
}

/** Says in the log, without waiting for it, when SMTP_URL's server cannot be used: an operator learns at start, not from a user's failed email. */
export function warnOfSmtpProblem(smtpUrl: string): void {
  void smtpServerProblem(smtpUrl).then(
    (problem) => problem && logger.warn(problem),
    () => undefined,
  );
}

export type MailFeature = Feature & {
  /** The outbox of a running app, for server code that sends mail (automation). */
  outboxFor(services: AppServices): Outbox;
  /** The app's dispatcher when this process runs one. */
  dispatcherFor(services: AppServices): Dispatcher | undefined;
};

type MailWiring = { outbox: Outbox; dispatcher?: Dispatcher; transports: ReturnType<typeof transportFinder>; mailSettings: MailSettingsReader };

/** Sending mail: the send, test, resend and dismiss routes, and the outbox dispatcher when this process runs it. */
export function createMailFeature(options: MailFeatureOptions = {}): MailFeature {
  const settingsReader = options.mailSettings ?? savedMailgunAccount;
  const instances = new Map<AppServices, MailWiring>();

  const wiringFor = (services: AppServices): MailWiring => {
    let wiring = instances.get(services);
    if (!wiring) {
      const mailSettings = settingsReader(services);
      const transports = transportFinder(services.config, mailSettings);
      const dispatcher = dispatchesInline(services.config)
        ? createDispatcher({ knex: services.knex, eventStore: services.eventStore, transportFor: transports, ...options.dispatcher })
        : undefined;
      const outbox = createOutbox({ knex: services.knex, eventStore: services.eventStore, transportFor: transports, onQueued: () => dispatcher?.wake() });
      wiring = { outbox, dispatcher, transports, mailSettings };
      instances.set(services, wiring);
    }
    return wiring;
  };

  return {
    name: 'mail',
    routes: (services) => [mailRoutes(services, wiringFor(services)), mailgunWebhookRoutes(services)],
    start(services) {
      const { dispatcher } = wiringFor(services);
      dispatcher?.start();
      if (dispatcher && services.config.smtpUrl) warnOfSmtpProblem(services.config.smtpUrl);
    },
    async stop(services) {
      const wiring = instances.get(services);
      if (!wiring) return;
      instances.delete(services);
      await wiring.dispatcher?.stop();
      await wiring.transports.close();
    },
    outboxFor: (services) => wiringFor(services).outbox,
    dispatcherFor: (services) => wiringFor(services).dispatcher,
  };
}
