// Fills in a deployment template (deploy/nginx.conf, deploy/Caddyfile): README "Deploy".
//   npx tsx deploy/render.ts <template> NAME=VALUE... > site.conf
//   npx tsx deploy/render.ts --csp <config.json>      (the policy alone, e.g. for Caddy's env)
// Placeholders are upper-case names, written `${NAME}` (nginx, envsubst) or `{$NAME}` (Caddy's
// environment syntax). CONSOLE_CSP, unless given, is derived from CONSOLE_CONFIG_DIR/config.json,
// so the Content-Security-Policy follows the configuration the console reads. A placeholder left
// without a value, or a value no placeholder takes, stops it with a message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readRuntimeConfig } from '../src/runtimeConfig';
import { securityHeaders } from './headers';

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}|\{\$([A-Z][A-Z0-9_]*)\}/g;

/** The Content-Security-Policy header for a deployment's config.json. */
export function policyFor(configFile: string): string {
  const { config, problems } = readRuntimeConfig(JSON.parse(readFileSync(configFile, 'utf8')));
  if (problems.length > 0) throw new Error(`${configFile}: ${problems.join('; ')}`);
  return securityHeaders(config)['Content-Security-Policy']!;
}

/** The template with every placeholder filled in; throws naming what is missing or unused. */
export function render(template: string, values: Record<string, string>): string {
  const all = { ...values };
  if (all.CONSOLE_CSP === undefined && all.CONSOLE_CONFIG_DIR !== undefined) {
    all.CONSOLE_CSP = policyFor(join(all.CONSOLE_CONFIG_DIR, 'config.json'));
  }
  const used = new Set<string>();
  const missing = new Set<string>();
  const text = template.replace(PLACEHOLDER, (match, dollar?: string, caddy?: string) => {
    const name = (dollar ?? caddy)!;
    used.add(name);
    if (all[name] === undefined) missing.add(name);
    return all[name] ?? match;
  });
  if (missing.size > 0) throw new Error(`no value for ${[...missing].join(', ')}`);
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`the template takes no ${unused.join(', ')}`);
  return text;
}

function main(args: string[]): void {
  if (args[0] === '--csp' && args[1]) return void console.info(policyFor(args[1]));
  const [template, ...assignments] = args;
  if (!template || assignments.some((pair) => !/^[A-Z][A-Z0-9_]*=/.test(pair))) {
    throw new Error('usage: render.ts <template> NAME=VALUE... | render.ts --csp <config.json>');
  }
  const values = Object.fromEntries(
    assignments.map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
  );
  process.stdout.write(render(readFileSync(template, 'utf8'), values));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`render: ${(error as Error).message}`);
    process.exit(2);
  }
}
