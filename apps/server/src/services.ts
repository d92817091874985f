import type pg from "pg";
import type { Config } from "./config/env.ts";
import type { Database } from "./db/database.ts";
import { type CallEngineDeps, createAttemptQueue } from "./domain/calls/call-engine.ts";
import type { RecordingDeps } from "./domain/calls/recordings.ts";
import { createFormSources, type FormSources } from "./domain/form-connections/form-sources.ts";
import type { BackfillDeps } from "./domain/submissions/backfill.ts";
import { createDeliveryAssistants } from "./domain/submissions/delivery-assistants.ts";
import { createDeliveryLog } from "./domain/submissions/delivery-log.ts";
import { createIngestStore } from "./domain/submissions/ingest-store.ts";
import { createVoiceAgentStore } from "./domain/voice/voice-agents.ts";
import { createVoiceProviders, type VoiceProviders } from "./domain/voice/voice-providers.ts";
import { createWebhookDeliveryQueue } from "./domain/webhooks/deliver-webhook.ts";
import { createRecordingLinks } from "./domain/webhooks/recording-links.ts";
import type { WebhookDeps } from "./domain/webhooks/webhook-deps.ts";
import type { Logger } from "./lib/logger.ts";
import { createOutboundClient, type OutboundPolicy } from "./lib/outbound-http.ts";
import { createSecretBox, type SecretBox } from "./lib/secret-box.ts";
import { createEmailSender, type EmailSender } from "./providers/email/index.ts";
import { formSourceModules as registeredFormSources } from "./providers/forms/registry.ts";
import type { FormSourceModule } from "./providers/forms/source-module.ts";
import { createRecordingStores } from "./providers/storage/index.ts";
import { callSimulatorFor, voiceAdapterFactories } from "./providers/voice/registry.ts";
import type { Queue } from "./queue/queue.ts";

/**
 * The vendors and shared helpers both entry points need, built once from configuration: the
 * HTTP app and the worker get the same ones (a vendor without credentials is its sandbox).
 */
export interface Services {
  box: SecretBox;
  /** The registered form sources' folders (providers/forms/registry.ts, or a test's list). */
  formSourceModules: readonly FormSourceModule[];
  /** Their adapters, real or sandbox, by id. */
  formProviders: FormSources;
  /** Each organization's voice platform, or the installation's default. */
  voices: VoiceProviders;
  calls: CallEngineDeps;
  /** Call recordings copied from the provider, in the configured store (RECORDING_STORE). */
  recordings: RecordingDeps;
  /** SMTP, or the console sender and /dev/email outbox (see createEmailSender). */
  email: EmailSender;
  /** Outgoing webhooks: endpoints, deliveries and their queue. */
  webhooks: WebhookDeps;
  /**
   * Receiving leads, as deliveries, test submissions and the backfill of what a source's webhook
   * missed all do it.
   */
  ingestion: BackfillDeps;
}

/**
 * How long a dial request left unanswered is given before it is reconciled with the provider:
 * twice the request's timeout, and at least DIAL_GRACE_FLOOR_MS. A request Ringback stopped
 * waiting for can still be acted on by a busy provider afterwards; reconciling too soon finds no
 * call and dials a second one (seen under load, with a one-second timeout and a starved
 * simulator answering after more than two seconds).
 */
export const DIAL_GRACE_FLOOR_MS = 10_000;
export const dialGraceMs = (timeoutMs: number) => Math.max(2 * timeoutMs, DIAL_GRACE_FLOOR_MS);

/**
 * What the guarded outbound client may fetch (ADR 0023): https only in production; public
 * addresses only, plus the networks the operator lists; and, as they are, the installation's
 * own configuration — the voice platforms' API bases it was given and, where sandboxes run, the
 * call simulator under PUBLIC_URL (its recordings live there, on loopback in development).
 */
export function outboundPolicy(config: Config): OutboundPolicy {
  const bases = Object.values(config.voiceApiUrls).map(
    (base) => new URL(`${base.replace(/\/+$/, "")}/`),
  );
  if (config.sandboxes.callSimulator) {
    bases.push(new URL(`${config.publicUrl.replace(/\/+$/, "")}/sandbox/`));
  }
  return {
    requireHttps: config.isProduction,
    allowedNetworks: config.outboundAllowedNetworks,
    trusted: (url) =>
      bases.some((base) => url.origin === base.origin && url.pathname.startsWith(base.pathname)),
  };
}

export function createServices(input: {
  config: Config;
  db: Database;
  pool: pg.Pool;
  queue: Queue;
  logger: Logger;
  /** The form sources to offer; default: every registered one. */
  formSourceModules?: readonly FormSourceModule[];
}): Services {
  const { config, db, pool, queue, logger } = input;
  const box = createSecretBox(config.secretKey);
  // The one place that decides which vendor is real and which is its sandbox (config.sandboxes:
  // a provider without credentials, where SANDBOX allows it); the domain sees only interfaces
  // and the HTTP app mounts the sandboxes these flags name.
  const formSourceModules = input.formSourceModules ?? registeredFormSources;
  const formProviders = createFormSources(formSourceModules.map((source) => source.create(config)));
  const email = createEmailSender(config, { db, logger });
  const outbound = createOutboundClient(outboundPolicy(config));
  const timeoutMs = config.voiceRequestTimeoutMs;
  const voices = createVoiceProviders({
    db,
    box,
    publicUrl: config.publicUrl,
    simulator: callSimulatorFor(config),
    adapters: voiceAdapterFactories,
    apiUrls: config.voiceApiUrls,
    bland: config.bland,
    simulatorAvailable: config.sandboxes.callSimulator,
    timeoutMs,
    outbound,
    agentStore: (scope) => createVoiceAgentStore(db, scope),
  });
  return {
    box,
    formSourceModules,
    formProviders,
    voices,
    calls: {
      db,
      queue,
      attempts: createAttemptQueue(queue),
      voices,
      publicUrl: config.publicUrl,
      logger,
      dialGraceMs: dialGraceMs(timeoutMs),
      respondentTimeZone: config.respondentTimeZoneForTests,
      recordingLinks: createRecordingLinks(box, config.publicUrl),
    },
    ingestion: {
      db,
      box,
      providers: formProviders,
      // Assistants briefly cached per process; deliveries written several per statement under
      // load (group commit).
      assistants: createDeliveryAssistants(db, box),
      store: createIngestStore(db, logger, queue),
      log: createDeliveryLog(db, logger),
      logger,
      respondentTimeZone: config.respondentTimeZoneForTests,
    },
    recordings: {
      db,
      voices,
      stores: createRecordingStores(config, pool),
      logger,
    },
    email,
    webhooks: {
      db,
      box,
      queue: createWebhookDeliveryQueue(queue),
      email,
      logger,
      publicUrl: config.publicUrl,
      outbound,
      timeoutMs: 10_000,
    },
  };
}
