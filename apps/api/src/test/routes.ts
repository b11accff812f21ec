import { API_BASE } from '@makhana/domain/api';
import type { FastifyInstance } from 'fastify';

/**
 * `METHOD /path` of every API route an app registered (HEAD twins left out), read from its route
 * tree: Fastify lists its routes nowhere else once they are added.
 */
export function apiRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] as string);
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] as string).split(', ')) {
      if (method !== 'HEAD' && path.startsWith(`${API_BASE}/`)) routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}
