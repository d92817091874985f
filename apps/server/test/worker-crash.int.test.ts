import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import {
  simulatorApiUrl,
  simulatorCredentials,
} from "../src/providers/voice/simulator/credentials.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback, tempDataDir } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { type RingbackProcess, spawnRingback, stopProcess } from "./process.ts";

/**
 * A pass-through to the call simulator that lets the first dial request reach it and then holds
 * the simulator's answer back: the worker that asked is left between "dial requested" and
 * "answer recorded", which is where the test kills it.
 */
async function startDialTrap(target: string) {
  let reachedProvider!: (callId: string) => void;
  const dialed = new Promise<string>((resolve) => {
    reachedProvider = resolve;
  });
  let trapped = false;
  const held: ServerResponse[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const name of ["authorization", "content-type", "accept"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const response = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = await response.text();
    if (req.method === "POST" && req.url === "/v1/calls" && !trapped) {
      trapped = true;
      held.push(res); // never answered
      reachedProvider((JSON.parse(body) as { call_id: string }).call_id);
      return;
    }
    res.writeHead(response.status, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => {
    for (const res of held) res.destroy();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dialed };
}

describe("a worker killed between asking the provider to dial and recording the answer", async () => {
  // The web process (HTTP, webhooks, the simulator's API) runs here; workers are child processes.
  const app = await startTestRingback({ role: "web", env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: team.organization.id,
  });
  const simulator = simulatorApiUrl(app.url);
  const credentials = simulatorCredentials(app.config.secretKey);
  const workers: RingbackProcess[] = [];
  afterAll(() => Promise.all(workers.map((w) => stopProcess(w, "SIGKILL"))));

  function startWorker(apiUrl: string) {
    const worker = spawnRingback(
      {
        DATABASE_URL: app.database.url,
        DATA_DIR: tempDataDir("ringback-worker-"),
        SECRET_KEY: app.config.secretKey,
        PUBLIC_URL: app.url,
        // The adapter talks to the simulator through apiUrl, with the simulator's own key.
        BLAND_API_KEY: credentials.apiKey,
        BLAND_WEBHOOK_SECRET: credentials.webhookSecret,
        BLAND_API_URL: apiUrl,
        VOICE_REQUEST_TIMEOUT_MS: "1000",
      },
      ["--role=worker"],
    );
    workers.push(worker);
    return worker;
  }

  it("does not dial again after a restart: it reconciles with the provider", async () => {
    const trap = await startDialTrap(simulator);
    const first = startWorker(trap.url);
    await first.waitForLog("Worker is running");

    const token = "crash-between-dial-and-answer";
    expect((await calls.deliver(calls.delivery({ phone: "+1 415 555 0177", token }))).status).toBe(
      200,
    );
    const callId = await trap.dialed;
    // The provider has the call; the worker has not recorded it.
    const [pending] = await calls.attemptsFor(token);
    expect(pending).toMatchObject({ dialState: "dialing", providerCallId: null });
    first.child.kill("SIGKILL");
    await first.exited;

    const second = startWorker(simulator);
    await second.waitForLog("Reconciled an interrupted dial");
    const [attempt, ...others] = await calls.settled(token, 1, 45_000);
    expect(others).toHaveLength(0);
    expect(attempt).toMatchObject({ providerCallId: callId, status: "answered", callAttempt: 1 });

    // The simulator counts every dial request it received for the attempt: one.
    const dials = await fetch(`${simulator}/v1/calls?attempt_id=${attempt!.id}`, {
      headers: { authorization: credentials.apiKey },
    });
    expect(((await dials.json()) as { count: number }).count).toBe(1);
  }, 60_000);
});
