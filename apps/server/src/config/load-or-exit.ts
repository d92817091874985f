import { type Config, ConfigError, type IntegrationSettings, loadConfig } from "./env.ts";

/**
 * The configuration from the environment, the integrations' own variables included; a bad one is
 * said plainly and exits with 1.
 */
export function loadConfigOrExit(integrations: readonly IntegrationSettings[]): Config {
  try {
    return loadConfig(process.env, process.cwd(), integrations);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
