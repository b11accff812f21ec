import type { FastifyPluginAsync } from 'fastify';

/**
 * Fastify keeps a registered plugin's hooks, parsers and decorations inside the plugin's own
 * scope; this marker (what fastify-plugin sets) lets them apply to the scope that registers it.
 */
export function inRegisteringScope<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
  name: string,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
  return plugin;
}
